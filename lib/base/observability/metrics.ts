import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

type Labels = "route" | "method" | "status";
type Metrics = { registry: Registry; requests: Counter<Labels>; duration: Histogram<Labels> };

// scripts/server.ts (which times every request) and the bundled /api/metrics route are separate module
// instances in one process: the registry lives on globalThis so the scrape sees what the server counted.
const key = Symbol.for("pis.metrics");
const holder = globalThis as { [key]?: Metrics };

export function metrics(): Metrics {
  if (holder[key]) return holder[key];
  const registry = new Registry();
  const requests = new Counter({ name: "http_requests_total", help: "HTTP requests by route pattern, method and status", labelNames: ["route", "method", "status"], registers: [registry] });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request duration by route pattern, method and status",
    labelNames: ["route", "method", "status"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // The process's own figures (heap, resident memory, event-loop lag, GC) under their standard names, so a
  // growing heap shows on a scrape. Registered with the registry, hence once per process.
  collectDefaultMetrics({ register: registry });
  holder[key] = { registry, requests, duration };
  return holder[key];
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** One finished request; `route` must be a pattern (bounded), never the raw path. */
export function observeRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  const labels = { route, method: METHODS.has(method ?? "") ? method! : "OTHER", status: String(status) };
  const { requests, duration } = metrics();
  requests.inc(labels);
  duration.observe(labels, seconds);
}

/**
 * A gauge read when scraped (a database count, a pool's state). Registered once per process by name, so
 * calling this on every scrape is harmless.
 */
export function scrapedGauge(name: string, help: string, read: () => Promise<number> | number): void {
  const { registry } = metrics();
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

export function metricsText(): Promise<string> {
  return metrics().registry.metrics();
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
