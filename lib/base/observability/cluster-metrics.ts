import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue, type Registry } from "prom-client";

/**
 * One scrape, one instance. Under node:cluster a scrape reaches whichever worker accepts its connection, and
 * each worker counts only what it served. So the worker that gets the scrape asks the primary (AGGREGATE);
 * the primary asks every serving worker for its registry (COLLECT/COLLECTED), sums them with prom-client's
 * AggregatorRegistry (each metric's own aggregator: counters and histograms add up, the runner's lag takes the
 * maximum) and answers the text (AGGREGATED). What the database holds is not part of this: the worker that
 * got the scrape reads it once (metrics.ts).
 *
 * A worker that dies takes its counts with it, and counters that went back would read as a reset to
 * Prometheus (a rate() spike of the survivors' whole totals). The primary keeps the last counters and
 * histograms it collected from each worker and, when one exits, goes on adding them: the instance's
 * counters never go back while its primary lives (what the dead worker counted after its last scrape is lost).
 */
type Json = MetricObjectWithValues<MetricValue<string>>[];
type Message =
  | { type: "pis:metrics:aggregate"; id: number }
  | { type: "pis:metrics:collect"; id: number }
  | { type: "pis:metrics:collected"; id: number; metrics?: Json; error?: string }
  | { type: "pis:metrics:aggregated"; id: number; text?: string; error?: string };

const TIMEOUT_MS = 5_000;

function isMessage(value: unknown): value is Message {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { type?: unknown }).type === "string" &&
    (value as { type: string }).type.startsWith("pis:metrics:")
  );
}

/** A scrape that cannot be answered for the whole instance: refused (503) rather than answered for part of it. */
export class IncompleteMetricsError extends Error {
  override name = "IncompleteMetricsError";
}

// ---------------------------------------------------------------- in a worker

type Client = { aggregate: () => Promise<string> };
const key = Symbol.for("pis.metrics.cluster");
const holder = globalThis as { [key]?: Client };

/**
 * In a cluster worker, at start: answers the primary's collections with this process's registry, and lets
 * the /api/metrics route (a separate module instance in Next's bundle) ask for the instance's figures.
 */
export function joinMetricsCluster(registry: () => Registry): void {
  if (!cluster.isWorker || holder[key]) return;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let next = 0;
  process.on("message", (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === "pis:metrics:collect") {
      registry()
        .getMetricsAsJSON()
        .then(
          (metrics) => process.send?.({ type: "pis:metrics:collected", id: message.id, metrics }),
          (error: unknown) => process.send?.({ type: "pis:metrics:collected", id: message.id, error: String(error) }),
        );
    } else if (message.type === "pis:metrics:aggregated") {
      const request = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.text !== undefined) request?.resolve(message.text);
      else request?.reject(new IncompleteMetricsError(message.error ?? "no answer"));
    }
  });
  holder[key] = {
    aggregate: () =>
      new Promise<string>((resolve, reject) => {
        const id = next++;
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new IncompleteMetricsError(`the primary did not answer within ${TIMEOUT_MS} ms`));
        }, TIMEOUT_MS);
        const settle =
          <T>(done: (value: T) => void) =>
          (value: T) => {
            clearTimeout(timer);
            done(value);
          };
        waiting.set(id, { resolve: settle(resolve), reject: settle(reject) });
        process.send!({ type: "pis:metrics:aggregate", id } satisfies Message);
      }),
  };
}

/**
 * The instance's per-process figures, from the primary; null outside a cluster worker (this process is the instance).
 */
export function clusterMetricsText(): Promise<string> | null {
  return holder[key]?.aggregate() ?? null;
}

// ---------------------------------------------------------------- in the primary

export type MetricsAggregator = { retire: (worker: Worker) => void };

/** What keeps adding up after its worker is gone: counters and histograms (a gauge of a dead process is nothing). */
// (prom-client's typings say an enum; the JSON carries the exposition's word.)
const cumulative = (metrics: Json): Json => metrics.filter((m) => ["counter", "histogram"].includes(String(m.type)));

/** In the primary: answers the workers' AGGREGATE requests from `serving()`, the workers that serve now. */
export function aggregateWorkerMetrics(serving: () => Worker[]): MetricsAggregator {
  const last = new Map<number, Json>();
  let retired: Json = [];
  let retiring = Promise.resolve();
  let next = 0;
  const collecting = new Map<number, { resolve: (metrics: Json) => void; reject: (error: Error) => void }>();

  const collect = (worker: Worker) =>
    new Promise<Json>((resolve, reject) => {
      const id = next++;
      const timer = setTimeout(() => {
        collecting.delete(id);
        reject(new Error(`worker ${worker.id} did not send its metrics within ${TIMEOUT_MS} ms`));
      }, TIMEOUT_MS);
      collecting.set(id, {
        resolve: (metrics) => (clearTimeout(timer), resolve(metrics)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      worker.send({ type: "pis:metrics:collect", id } satisfies Message);
    }).then((metrics) => (last.set(worker.id, metrics), metrics));

  const answer = async (requester: Worker, id: number) => {
    let reply: Message;
    try {
      const workers = serving();
      const collected = await Promise.all(workers.map(collect));
      await retiring;
      const text = await AggregatorRegistry.aggregate([...collected, retired]).metrics();
      reply = { type: "pis:metrics:aggregated", id, text };
    } catch (error) {
      reply = { type: "pis:metrics:aggregated", id, error: error instanceof Error ? error.message : String(error) };
    }
    if (requester.isConnected()) requester.send(reply);
  };

  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === "pis:metrics:aggregate") void answer(worker, message.id);
    else if (message.type === "pis:metrics:collected") {
      const request = collecting.get(message.id);
      collecting.delete(message.id);
      if (message.metrics) request?.resolve(message.metrics);
      else request?.reject(new Error(message.error ?? "no metrics"));
    }
  });

  return {
    retire(worker) {
      const metrics = last.get(worker.id);
      last.delete(worker.id);
      if (!metrics) return;
      retiring = retiring.then(async () => {
        retired = (await AggregatorRegistry.aggregate([retired, cumulative(metrics)]).getMetricsAsJSON()) as Json;
      });
    },
  };
}
