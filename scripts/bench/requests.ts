/**
 * The requests the bench sends, signed like an integrator signs them (a fresh timestamp and hash on every
 * request): shared by the closed-loop generator (load.ts, autocannon) and the open-loop one (open-loop.ts).
 */
import { contractHash } from "../../lib/base/crypto/contract-hash";

type Keys = { apiKey: string; secretKey: string };
export type LoadMode = "mix" | "creates" | "floor" | "dealer-history";

/** What a generator process is given (a JSON file named on its command line). */
export type LoadConfig = {
  baseUrl: string;
  mode: LoadMode;
  connections: number;
  durationS: number;
  /** For the open-loop generator: requests per second, sent on schedule whatever the answers take. */
  rate?: number;
  provider: Keys;
  credentialKey: string;
  gateways: { bank: number; crypto: number; wallet: number };
  cardTrackingCode: string;
  /** For "dealer-history": the dealer's keys and a wallet whose statement a 3-day window is read from. */
  dealer?: Keys & { walletId: string; startDate: string; endDate: string };
};

/** One request; `headers()` is called for every send (the signature holds the current second). */
export type BenchRequest = {
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers: () => Record<string, string>;
};

const customer = { user_id: "bench-user", username: "bench", fullname: "Bench Customer" };
const IBAN = "TR330006100519786457841326";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

function signed(
  config: LoadConfig,
  method: "GET" | "POST",
  path: string,
  body: unknown,
  withSite: boolean,
  keys: Keys = config.provider,
): BenchRequest {
  return {
    method,
    path,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: () => {
      const ts = String(Math.floor(Date.now() / 1000));
      const middle = withSite ? [config.credentialKey] : [];
      const headers: Record<string, string> = {
        "content-type": "application/json",
        "x-api-key": keys.apiKey,
        "x-timestamp": ts,
        "x-hash": contractHash(keys.apiKey, keys.secretKey, ...middle, ts),
      };
      if (withSite) headers["x-credential-key"] = config.credentialKey;
      return headers;
    },
  };
}

/** Every create endpoint of the six methods. */
export function createRequests(config: LoadConfig): BenchRequest[] {
  const s = (path: string, body: unknown, withSite = true) => signed(config, "POST", path, body, withSite);
  return [
    s("/api/provider/start-manual-deposit", { ...customer, amount: 150 }),
    s("/api/provider/start-manual-withdraw", { ...customer, iban: IBAN, amount: 75 }),
    s("/api/provider/start-eiban-deposit", { ...customer, amount: 200 }),
    s("/api/provider/start-eiban-withdraw", { ...customer, iban: IBAN, amount: 50 }),
    s(
      "/api/provider/credit-card/payment",
      {
        credential_key: config.credentialKey,
        username: "bench",
        user_id: "bench-user",
        firstname: "Bench",
        lastname: "User",
        email: "bench@example.com",
        phone: "+900000000000",
        amount: 99.9,
      },
      false,
    ),
    s("/api/provider/third-party/bank/start-deposit", { ...customer, amount: 120 }),
    s("/api/provider/third-party/crypto/start-deposit", { ...customer, amount: 300 }),
    s("/api/provider/third-party/wallet/start-deposit", { ...customer, amount: 60 }),
    s("/api/provider/third-party/crypto/start-withdrawal", {
      ...customer,
      amount: 250,
      gateway_id: config.gateways.crypto,
      crypto_type: "USDT-TRC20",
      wallet_address: TRON,
    }),
  ];
}

function readRequests(config: LoadConfig): BenchRequest[] {
  return [
    signed(config, "POST", "/api/provider/credit-card/status", { tracking_code: config.cardTrackingCode }, false),
    signed(config, "GET", "/api/provider/third-party/bank/gateways", undefined, false),
    signed(config, "GET", "/api/provider/third-party/crypto/gateways", undefined, false),
  ];
}

/** The dealer API's E-IBAN statement: one page of a 3-day window (GET /api/dealer/transactions). */
function dealerHistory(config: LoadConfig): BenchRequest[] {
  const d = config.dealer;
  if (!d) throw new Error("dealer-history needs the dealer's keys and wallet");
  const query = new URLSearchParams({ wallet_id: d.walletId, start_date: d.startDate, end_date: d.endDate }).toString();
  return [signed(config, "GET", `/api/dealer/transactions?${query}`, undefined, false, d)];
}

/** The requests of a mode, sent in turn. */
export function requestsFor(config: LoadConfig): BenchRequest[] {
  switch (config.mode) {
    case "creates": {
      // BENCH_ONLY=<part of a path>: only the creates whose path holds it, to measure or profile one endpoint.
      const only = process.env.BENCH_ONLY;
      const creates = createRequests(config);
      return only ? creates.filter((r) => r.path.includes(only)) : creates;
    }
    case "mix": {
      // 70% creates and 30% reads: 21 creates (each method more than once) and 9 reads per cycle.
      const creates = createRequests(config);
      const reads = readRequests(config);
      return [
        ...Array.from({ length: 21 }, (_, i) => creates[i % creates.length]!),
        ...Array.from({ length: 9 }, (_, i) => reads[i % reads.length]!),
      ];
    }
    case "floor":
      // An unauthenticated route that touches nothing, to show what the HTTP stack alone costs.
      return [{ method: "GET", path: "/api/health", headers: () => ({}) }];
    case "dealer-history":
      return dealerHistory(config);
  }
}
