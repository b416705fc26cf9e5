import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestRoute = { page: string; regex: string };
type Matcher = { page: string; regex: RegExp };

let matchers: Matcher[] | undefined;

/**
 * Next's own table of routes (static first, then dynamic, as Next matches them), read once from the build.
 * Development has no such table (its manifest lists no routes): the app directory's pages and route files
 * are read instead, so /api/metrics labels routes there too rather than calling every one "unmatched".
 */
function load(): Matcher[] {
  const file = path.join(process.cwd(), ".next", "routes-manifest.json");
  if (!existsSync(file)) return matchersFromAppDir(path.join(process.cwd(), "app"));
  const manifest = JSON.parse(readFileSync(file, "utf8")) as {
    staticRoutes?: ManifestRoute[];
    dynamicRoutes?: ManifestRoute[];
  };
  return [...(manifest.staticRoutes ?? []), ...(manifest.dynamicRoutes ?? [])].map((r) => ({
    page: r.page,
    regex: new RegExp(r.regex),
  }));
}

const ROUTE_FILE = /^(page|route)\.(tsx?|jsx?)$/;

/** The routes of an app directory as Next would match them: static ones first, then fewer dynamic segments first. */
export function matchersFromAppDir(appDir: string): Matcher[] {
  if (!existsSync(appDir)) return [];
  const pages: string[][] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        // Route groups "(app)" and private folders "_components" are not in the URL.
        if (entry.name.startsWith("_")) continue;
        walk(path.join(dir, entry.name), /^\(.*\)$/.test(entry.name) ? segments : [...segments, entry.name]);
      } else if (ROUTE_FILE.test(entry.name)) pages.push(segments);
    }
  };
  walk(appDir, []);
  const dynamicCount = (segments: string[]) => segments.filter((s) => s.startsWith("[")).length;
  const catchAll = (segments: string[]) => segments.some((s) => s.startsWith("[..."));
  const unique = [...new Map(pages.map((segments) => [`/${segments.join("/")}`, segments])).values()];
  unique.sort(
    (a, b) => Number(catchAll(a)) - Number(catchAll(b)) || dynamicCount(a) - dynamicCount(b) || b.length - a.length,
  );
  return unique.map((segments) => {
    const source = segments
      .map((s) =>
        s.startsWith("[[...")
          ? "(?:/.+)?"
          : s.startsWith("[...")
            ? "/.+"
            : s.startsWith("[")
              ? "/[^/]+"
              : `/${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
      )
      .join("");
    return { page: `/${segments.join("/")}`, regex: new RegExp(`^${source || "/"}/?$`) };
  });
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
