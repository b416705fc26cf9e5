/**
 * The closed-loop load generator of `npm run bench`, run as its own process: autocannon against the API,
 * each connection sending its next request once the previous one is answered, with correctly signed
 * requests (scripts/bench/requests.ts). Prints one JSON result on stdout.
 */
import { readFileSync } from "node:fs";
import autocannon, { type Request as AutocannonRequest } from "autocannon";
import { requestsFor, type BenchRequest, type LoadConfig } from "./requests";

export type { LoadMode } from "./requests";

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as LoadConfig;

const toAutocannon = (request: BenchRequest): AutocannonRequest => ({
  method: request.method,
  path: request.path,
  setupRequest: (req) => ({ ...req, headers: request.headers(), body: request.body }),
});

const result = await autocannon({
  url: config.baseUrl,
  connections: config.connections,
  duration: config.durationS,
  requests: requestsFor(config).map(toAutocannon),
  timeout: 20,
});
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status5xx: result["5xx"],
  }),
);
