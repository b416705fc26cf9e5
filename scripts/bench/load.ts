/**
 * The load generator of `npm run bench`, run as its own process: autocannon against the API with correctly
 * signed requests (fresh timestamp and hash on every request). Prints one JSON result on stdout.
 */
import { readFileSync } from "node:fs";
import autocannon, { type Request as AutocannonRequest } from "autocannon";
import { contractHash } from "../../lib/base/crypto/contract-hash";

type Keys = { apiKey: string; secretKey: string };
export type LoadMode = "mix" | "creates" | "floor" | "dealer-history";
type Config = {
  baseUrl: string;
  mode: LoadMode;
  connections: number;
  durationS: number;
  provider: Keys;
  credentialKey: string;
  gateways: { bank: number; crypto: number; wallet: number };
  cardTrackingCode: string;
  /** For "dealer-history": the dealer's keys and a wallet whose statement a 3-day window is read from. */
  dealer?: Keys & { walletId: string; startDate: string; endDate: string };
};

const config = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Config;
const customer = { user_id: "bench-user", username: "bench", fullname: "Bench Customer" };
const IBAN = "TR330006100519786457841326";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function signed(method: "GET" | "POST", path: string, body: unknown, withSite: boolean, keys: Keys = config.provider): AutocannonRequest {
  return {
    method,
    path,
    setupRequest: (req) => {
      const ts = String(Math.floor(Date.now() / 1000));
      const middle = withSite ? [config.credentialKey] : [];
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "x-api-key": keys.apiKey,
        "x-timestamp": ts,
        "x-hash": contractHash(keys.apiKey, keys.secretKey, ...middle, ts),
      };
      if (withSite) headers["x-credential-key"] = config.credentialKey;
      return { ...req, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    },
  };
}

/** Every create endpoint of the six methods. */
const creates: AutocannonRequest[] = [
  signed("POST", "/api/provider/start-manual-deposit", { ...customer, amount: 150 }, true),
  signed("POST", "/api/provider/start-manual-withdraw", { ...customer, iban: IBAN, amount: 75 }, true),
  signed("POST", "/api/provider/start-eiban-deposit", { ...customer, amount: 200 }, true),
  signed("POST", "/api/provider/start-eiban-withdraw", { ...customer, iban: IBAN, amount: 50 }, true),
  signed("POST", "/api/provider/credit-card/payment", { credential_key: config.credentialKey, username: "bench", user_id: "bench-user", firstname: "Bench", lastname: "User", email: "bench@example.com", phone: "+900000000000", amount: 99.9 }, false),
  signed("POST", "/api/provider/third-party/bank/start-deposit", { ...customer, amount: 120 }, true),
  signed("POST", "/api/provider/third-party/crypto/start-deposit", { ...customer, amount: 300 }, true),
  signed("POST", "/api/provider/third-party/wallet/start-deposit", { ...customer, amount: 60 }, true),
  signed("POST", "/api/provider/third-party/crypto/start-withdrawal", { ...customer, amount: 250, gateway_id: config.gateways.crypto, crypto_type: "USDT-TRC20", wallet_address: TRON }, true),
];
const reads: AutocannonRequest[] = [
  signed("POST", "/api/provider/credit-card/status", { tracking_code: config.cardTrackingCode }, false),
  signed("GET", "/api/provider/third-party/bank/gateways", undefined, false),
  signed("GET", "/api/provider/third-party/crypto/gateways", undefined, false),
];

// 70% creates and 30% reads: 21 creates (each method more than once) and 9 reads per cycle.
const mix = [...Array.from({ length: 21 }, (_, i) => creates[i % creates.length]!), ...Array.from({ length: 9 }, (_, i) => reads[i % reads.length]!)];

/** The dealer API's E-IBAN statement: one page of a 3-day window (GET /api/dealer/transactions). */
function dealerHistory(): AutocannonRequest[] {
  const d = config.dealer;
  if (!d) throw new Error("dealer-history needs the dealer's keys and wallet");
  const query = new URLSearchParams({ wallet_id: d.walletId, start_date: d.startDate, end_date: d.endDate }).toString();
  return [signed("GET", `/api/dealer/transactions?${query}`, undefined, false, d)];
}

const REQUESTS: Record<LoadMode, () => AutocannonRequest[]> = {
  mix: () => mix,
  creates: () => creates,
  // An unauthenticated route that touches nothing, to show what the HTTP stack alone costs.
  floor: () => [{ method: "GET", path: "/api/health" }],
  "dealer-history": dealerHistory,
};

const result = await autocannon({ url: config.baseUrl, connections: config.connections, duration: config.durationS, requests: REQUESTS[config.mode](), timeout: 20 });
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
