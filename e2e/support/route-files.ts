import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts";

export type RouteFile = { path: string; methods: string[]; file: string };

const METHOD = "(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)";

/**
 * Dynamic segments that serve only the values they have contracts for (any other is Next's 404, see
 * lib/edge/http/unserved-kind.ts): each value is a path of its own.
 */
export const STATIC_PARAMS: Record<string, { values: string[] }> = {
  kind: { values: Object.keys(THIRD_PARTY_CONTRACTS) },
};

/** Every route handler file under app/api, as its URL directory ("/api/pay/[token]") and the HTTP methods it exports. */
export function apiRouteSources(root = path.resolve("app/api")): { dir: string; methods: string[]; source: string }[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => {
      const source = readFileSync(path.join(root, file), "utf8");
      const exported = [
        ...source.matchAll(new RegExp(`export (?:const|async function|function) ${METHOD}\\b`, "g")),
        ...source.matchAll(new RegExp(`\\bas ${METHOD}\\b`, "g")),
      ];
      return {
        dir: `/api/${path.dirname(file)}`.replace(/\/\.$/, ""),
        methods: [...new Set(exported.map((m) => m[1]!))].sort(),
        source,
      };
    });
}

/**
 * Every path the route handlers under app/api serve ("/api/pay/[token]") and the HTTP methods its file
 * exports; a segment in STATIC_PARAMS is one path per value. `file` is the route file's directory.
 */
export function apiRouteFiles(root = path.resolve("app/api")): RouteFile[] {
  return apiRouteSources(root)
    .flatMap(({ dir, methods }) =>
      Object.entries(STATIC_PARAMS)
        .reduce(
          (paths, [name, { values }]) =>
            paths.flatMap((p) =>
              p.split("/").includes(`[${name}]`) ? values.map((v) => p.replace(`[${name}]`, v)) : [p],
            ),
          [dir],
        )
        .map((p) => ({ path: p, methods, file: dir })),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}
