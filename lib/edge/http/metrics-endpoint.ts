import { createHash, timingSafeEqual } from "node:crypto";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { settings } from "@/lib/base/config/settings";
import { businessMetrics } from "@/lib/base/observability/business-metrics";
import { METRICS_CONTENT_TYPE, metricsText, scrapedGauge } from "@/lib/base/observability/metrics";
import { takeBenchWindow } from "@/lib/base/observability/bench-window";
import { startBenchProfile, stopBenchProfile } from "@/lib/base/observability/bench-profile";
import { registerOperationalMetrics } from "@/lib/domain/ops/operational-metrics";
import { jsonResponse } from "./json-response";
import { readiness } from "./readiness";
import { withApiErrors } from "./with-api-errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerMatches(req: Request, token: string): boolean {
  const presented = req.headers
    .get("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  return Boolean(presented) && timingSafeEqual(digest(presented!), digest(token));
}

/**
 * Every metric the service exports, registered (once per process; harmless to call again): the business and
 * partner counters, the operational gauges, and readiness as /api/ready answers it. The alert rules and the
 * dashboard are checked against this list (lib/edge/http/metrics-catalogue.test.ts).
 */
export function registerAllMetrics(): void {
  businessMetrics();
  registerOperationalMetrics();
  scrapedGauge(
    "app_ready",
    "1 when the instance is ready to take traffic as /api/ready answers (database, migrations, jobs), 0 otherwise",
    async () => ((await readiness()).ready ? 1 : 0),
    {
      scope: "instance",
    },
  );
}

/**
 * GET /api/metrics, Prometheus text format, for a scraper holding METRICS_TOKEN (Authorization: Bearer).
 * Without the variable it is off in production (404, as if absent) and open in development. The figures are
 * the instance's: with several workers, all of them summed (lib/base/observability/cluster-metrics.ts); a
 * scrape that cannot reach every worker is 503 rather than a partial sum that would read as a reset.
 * `?window=bench` answers the bench's figures since its previous read as JSON (lib/base/observability/
 * bench-window.ts), behind the same token, and only in a server started with BENCH_PHASES=1 (404 otherwise);
 * with `&profile=start` it starts a CPU profile of the process instead, and `&profile=stop` answers it
 * (lib/base/observability/bench-profile.ts), under the same conditions.
 */
export function metricsEndpoint() {
  return withApiErrors(async (req) => {
    const token = settings.metricsToken;
    if (!token && isProduction()) return jsonResponse({ success: false, error: "Not found" }, 404);
    if (token && !bearerMatches(req, token)) {
      return jsonResponse(
        {
          success: false,
          error: "Unauthorized",
          message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.",
        },
        401,
        { "www-authenticate": 'Bearer realm="metrics"' },
      );
    }
    const query = new URL(req.url).searchParams;
    if (query.get("window") === "bench") {
      const profile = query.get("profile");
      const answer =
        profile === "start"
          ? (await startBenchProfile()) && { started: true }
          : profile === "stop"
            ? await stopBenchProfile()
            : takeBenchWindow();
      return answer ? jsonResponse(answer) : jsonResponse({ success: false, error: "Not found" }, 404);
    }
    registerAllMetrics();
    let text: string;
    try {
      text = await metricsText();
    } catch (error) {
      // By name: the error comes from the server's own copy of the module, not this bundle's (cluster-metrics.ts).
      if (!(error instanceof Error && error.name === "IncompleteMetricsError")) throw error;
      return jsonResponse(
        {
          success: false,
          error: "Service unavailable",
          message: `The metrics of every worker could not be gathered: ${error.message}.`,
        },
        503,
        { "retry-after": "1" },
      );
    }
    return new Response(text, {
      status: 200,
      headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" },
    });
  });
}
