/**
 * The open-loop load generator of `npm run bench`, run as its own process: requests sent at a fixed rate
 * on a schedule, whatever the earlier ones take (as independent integrators' customers arrive), each over
 * a keep-alive connection of its own while it runs. Latency counts from the moment a request was due, so a
 * generator that falls behind cannot hide the wait (no coordinated omission). Prints one JSON result.
 */
import { Agent, request } from "node:http";
import { readFileSync, writeFileSync } from "node:fs";
import { quantile } from "./quantile";
import { requestsFor, type LoadConfig } from "./requests";

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadConfig;
const rate = config.rate!;
const requests = requestsFor(config);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
const { hostname, port } = new URL(config.baseUrl);
const TIMEOUT_MS = 20_000;

const latencies: number[] = [];
/** BENCH_OPEN_LOOP_TRACE=<file>: each request's due moment (ms from the start), latency and status, to find stalls. */
const trace: [number, number, number][] = [];
let errors = 0;
let non2xx = 0;
let status5xx = 0;
let inFlight = 0;
let maxInFlight = 0;
/** How late the generator itself sent a request past its due time, at worst (its own load shows here). */
let worstSendLagMs = 0;

function send(n: number, due: number): void {
  const spec = requests[n % requests.length]!;
  inFlight++;
  maxInFlight = Math.max(maxInFlight, inFlight);
  worstSendLagMs = Math.max(worstSendLagMs, performance.now() - due);
  const done = (ok: boolean, status = 0) => {
    inFlight--;
    if (!ok) return void errors++;
    latencies.push(performance.now() - due);
    trace.push([Math.round(due - started), Math.round((performance.now() - due) * 10) / 10, status]);
    if (status < 200 || status > 299) non2xx++;
    if (status >= 500) status5xx++;
  };
  // A declared length, as autocannon sends it (the server reads a chunked body by another path).
  const headers =
    spec.body === undefined
      ? spec.headers()
      : { ...spec.headers(), "content-length": String(Buffer.byteLength(spec.body)) };
  const req = request(
    { agent, hostname, port, method: spec.method, path: spec.path, headers, timeout: TIMEOUT_MS },
    (res) => {
      res.resume();
      res.once("end", () => done(true, res.statusCode ?? 0));
      res.once("error", () => done(false));
    },
  );
  req.once("timeout", () => req.destroy(new Error("timeout")));
  req.once("error", () => done(false));
  req.end(spec.body);
}

const started = performance.now();
const total = Math.floor(rate * config.durationS);
let sent = 0;
await new Promise<void>((resolve) => {
  const tick = () => {
    const now = performance.now();
    // Every request due by now goes out now, each timed from its own due moment.
    while (sent < total) {
      const due = started + (sent * 1000) / rate;
      if (due > now) break;
      send(sent++, due);
    }
    if (sent < total) setTimeout(tick, 1);
    else resolve();
  };
  tick();
});
const deadline = performance.now() + TIMEOUT_MS;
while (inFlight > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
agent.destroy();

if (process.env.BENCH_OPEN_LOOP_TRACE)
  writeFileSync(process.env.BENCH_OPEN_LOOP_TRACE, JSON.stringify(trace.sort((a, b) => a[0] - b[0])));
latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(quantile(latencies, q) * 10) / 10;
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: Math.round((latencies.length / config.durationS) * 10) / 10,
    total: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    errors: errors + inFlight,
    non2xx,
    status5xx,
    rate,
    maxInFlight,
    worstSendLagMs: Math.round(worstSendLagMs),
  }),
);
