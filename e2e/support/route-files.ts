import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export type RouteFile = { path: string; methods: string[] };

const METHOD = "(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)";

/** Every route handler file under app/api, as its URL path ("/api/pay/[token]") and the HTTP methods it exports. */
export function apiRouteFiles(root = path.resolve("app/api")): RouteFile[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => {
      const source = readFileSync(path.join(root, file), "utf8");
      const exported = [...source.matchAll(new RegExp(`export (?:const|async function|function) ${METHOD}\\b`, "g")), ...source.matchAll(new RegExp(`\\bas ${METHOD}\\b`, "g"))];
      return { path: `/api/${path.dirname(file)}`.replace(/\/\.$/, ""), methods: [...new Set(exported.map((m) => m[1]!))].sort() };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
