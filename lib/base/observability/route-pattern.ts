import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestRoute = { page: string; regex: string };
type Matcher = { page: string; regex: RegExp };

let matchers: Matcher[] | undefined;

/** Next's own table of routes (static first, then dynamic, as Next matches them), read once from the build. */
function load(): Matcher[] {
  const file = path.join(process.cwd(), ".next", "routes-manifest.json");
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, "utf8")) as { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };
  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
}

/**
 * The route pattern a request path falls under ("/pay/[token]", "/api/provider/third-party/[kind]/deposit"),
 * for metric labels: bounded, and free of tokens and ids. Paths no route serves are "unmatched", and the
 * framework's own assets "/_next" (else every scanner's probe would become a label of its own).
 */
export function routePattern(url: string | undefined): string {
  const pathname = (url ?? "/").split("?")[0]!;
  if (pathname.startsWith("/_next/")) return "/_next";
  matchers ??= load();
  for (const { page, regex } of matchers) if (regex.test(pathname)) return page;
  return "unmatched";
}
