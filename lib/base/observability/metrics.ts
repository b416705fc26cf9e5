import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { clusterMetricsText } from "./cluster-metrics";

type Labels = "route" | "method" | "status";
/**
 * Two registries. `registry` holds what each process counts or measures of itself (requests, the business
 * and partner counters, its database pool, its heap): with several workers the instance's figure is theirs
 * summed (or their maximum), which the cluster's primary computes (cluster-metrics.ts). `instance` holds what
 * is read from the database (the callback outbox, readiness): the same whichever process reads it, so it is
 * read once per scrape by the process answering it and never summed.
 */
type Metrics = { registry: Registry; instance: Registry; requests: Counter<Labels>; duration: Histogram<Labels> };

// scripts/server.ts (which times every request) and the bundled /api/metrics route are separate module
// instances in one process: the registries live on globalThis so the scrape sees what the server counted.
const key = Symbol.for("pis.metrics");
const holder = globalThis as { [key]?: Metrics };

export function metrics(): Metrics {
  if (holder[key]) return holder[key];
  const registry = new Registry();
  const instance = new Registry();
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by route pattern, method and status",
    labelNames: ["route", "method", "status"],
    registers: [registry],
  });
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
  // prom-client leaves the start time out of a cluster's sum; the instance started with its first worker.
  const started = registry.getSingleMetric("process_start_time_seconds") as { aggregator?: string } | undefined;
  if (started) started.aggregator = "min";
  holder[key] = { registry, instance, requests, duration };
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
 * Where a scraped gauge's figure comes from: `process` (this process's own, summed over a cluster's workers
 * unless `aggregator` says otherwise) or `instance` (the database's, read once per scrape).
 */
type GaugeOptions = { scope?: "process" | "instance"; aggregator?: "sum" | "max" | "min" | "first" };

const registryOf = (scope: GaugeOptions["scope"]) => (scope === "instance" ? metrics().instance : metrics().registry);

/**
 * A gauge read when scraped (a database count, a pool's state). Registered once per process by name, so
 * calling this on every scrape is harmless.
 */
export function scrapedGauge(
  name: string,
  help: string,
  read: () => Promise<number> | number,
  options: GaugeOptions = {},
): void {
  const registry = registryOf(options.scope);
  if (registry.getSingleMetric(name)) return;
  new Gauge({
    name,
    help,
    registers: [registry],
    aggregator: options.aggregator ?? "sum",
    async collect() {
      this.set(await read());
    },
  });
}

export type LabelledValue<L extends string> = { labels: Record<L, string>; value: number };

/** A gauge with labels read when scraped: each scrape writes the whole set again (a set gone is gone). */
export function scrapedGaugeSet<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: () => Promise<LabelledValue<L>[]>,
  options: GaugeOptions = {},
): void {
  const registry = registryOf(options.scope);
  if (registry.getSingleMetric(name)) return;
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    aggregator: options.aggregator ?? "sum",
    async collect() {
      const values = await read();
      this.reset();
      for (const { labels, value } of values) this.set(labels as Partial<Record<L, string>>, value);
    },
  });
}

/**
 * The scrape's text: every process of the instance (the workers' registries summed by the primary, or this
 * process's alone when it serves by itself), then what the database holds, read here once.
 */
export async function metricsText(): Promise<string> {
  const { registry, instance } = metrics();
  const [processes, shared] = await Promise.all([clusterMetricsText() ?? registry.metrics(), instance.metrics()]);
  return `${processes.trimEnd()}\n${shared}`;
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
