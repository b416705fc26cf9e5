/**
 * In development Next compiles a route on its first request, which takes seconds to minutes on a small
 * machine. The background jobs call the app's own sandbox partners (the bank's statements, the gateways, the
 * acquirer, the callback receiver), and those partners call its webhooks, so jobs started at once timed out
 * on routes still compiling: the seeded callbacks failed their first attempt, the first crypto deposit
 * failed for the customer and the aborted calls were logged as crashes. The development server therefore
 * asks for each of those routes once (OPTIONS: Next loads the route to answer it, and no handler runs) and
 * starts the jobs when all have answered. Production serves a build in which every route is compiled.
 */
import { readdirSync } from "node:fs";
import path from "node:path";

/** The route files the app calls itself in development, as the paths Next serves them under. */
const ROOTS = ["app/sandbox", "app/api/webhooks"];

/** A dynamic segment stands for any value: one that names nothing is enough to compile the route. */
const SAMPLE_SEGMENT = "warm-up";

export function selfCalledRoutes(appRoot = "."): string[] {
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(appRoot, dir), { withFileTypes: true })) {
      const child = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name === "route.ts") routes.push(routePath(dir));
    }
  };
  for (const root of ROOTS) walk(root);
  return routes.sort();
}

function routePath(dir: string): string {
  return `/${dir.replace(/^app\//, "")}`
    .split("/")
    .filter((segment) => !/^\(.*\)$/.test(segment)) // route groups are not in the URL
    .map((segment) => (segment.startsWith("[") ? SAMPLE_SEGMENT : segment))
    .join("/");
}

export type WarmUpResult = { route: string; status: number | null; ms: number; error?: string };

/**
 * Requests every route at `origin` at once (Next compiles them in one pass) and resolves when each has
 * answered or failed; never rejects. A route that does not answer within `timeoutMs` is reported, and the
 * jobs start anyway: they retry what fails.
 */
export async function warmUpRoutes(origin: string, routes: string[], timeoutMs = 300_000): Promise<WarmUpResult[]> {
  return Promise.all(
    routes.map(async (route) => {
      const started = performance.now();
      const ms = () => Math.round(performance.now() - started);
      try {
        const response = await fetch(new URL(route, origin), {
          method: "OPTIONS",
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.arrayBuffer();
        return { route, status: response.status, ms: ms() };
      } catch (error) {
        return {
          route,
          status: null,
          ms: ms(),
          error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        };
      }
    }),
  );
}
