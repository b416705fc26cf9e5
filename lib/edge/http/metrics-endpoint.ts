import { createHash, timingSafeEqual } from "node:crypto";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { settings } from "@/lib/base/config/settings";
import { METRICS_CONTENT_TYPE, metricsText } from "@/lib/base/observability/metrics";
import { takeBenchWindow } from "@/lib/base/observability/bench-window";
import { registerOperationalMetrics } from "@/lib/domain/ops/operational-metrics";
import { jsonResponse } from "./json-response";
import { withApiErrors } from "./with-api-errors";

const digest = (text: string) => createHash("sha256").update(text).digest();

function bearerMatches(req: Request, token: string): boolean {
  const presented = req.headers.get("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  return Boolean(presented) && timingSafeEqual(digest(presented!), digest(token));
}

/**
 * GET /api/metrics, Prometheus text format, for a scraper holding METRICS_TOKEN (Authorization: Bearer).
 * Without the variable it is off in production (404, as if absent) and open in development.
 * `?window=bench` answers the bench's figures since its previous read as JSON (lib/base/observability/
 * bench-window.ts), behind the same token, and only in a server started with BENCH_PHASES=1 (404 otherwise).
 */
export function metricsEndpoint() {
  return withApiErrors(async (req) => {
    const token = settings.metricsToken;
    if (!token && isProduction()) return jsonResponse({ success: false, error: "Not found" }, 404);
    if (token && !bearerMatches(req, token)) {
      return jsonResponse({ success: false, error: "Unauthorized", message: "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>." }, 401, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    if (new URL(req.url).searchParams.get("window") === "bench") {
      const window = takeBenchWindow();
      return window ? jsonResponse(window) : jsonResponse({ success: false, error: "Not found" }, 404);
    }
    registerOperationalMetrics();
    return new Response(await metricsText(), { status: 200, headers: { "content-type": METRICS_CONTENT_TYPE, "cache-control": "no-store" } });
  });
}
