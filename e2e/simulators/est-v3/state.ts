/** The simulated bank's memory: stores (merchants), 3-D gate sessions and the orders it has charged. */
export type Store = { clientId: string; storeKey: string; username: string; password: string; merchantName: string };

export type BankOrder = {
  clientId: string;
  oid: string;
  /** Kuruş. */
  amountMinor: bigint;
  currency: string;
  /** EST TRANS_STAT: A authorised (money taken), D declined, V voided. */
  state: "A" | "D" | "V" | "PN";
  procReturnCode: string;
  transId: string;
  authCode: string;
  hostRefNum: string;
  maskedPan: string;
  /** When it was authorised, as the history and status write it (historyTime). */
  authAt: string;
  /** When it was voided (state V), as the history writes it; "" while not voided. */
  voidAt: string;
  refundedMinor: bigint;
  /** The 3-D Secure verdict the sale was authorised under: "1" full, "2"-"4" half. */
  mdStatus: string;
  /** Refunds (Type=Credit) asked of this sale, approved or not, oldest first: what ORDERHISTORY lists. */
  credits: BankCredit[];
};

export type BankCredit = {
  transId: string;
  amountMinor: bigint;
  procReturnCode: string;
  state: "C" | "D";
  hostRefNum: string;
  at: string;
};

export type GateSession = { store: Store; fields: [string, string][]; get(name: string): string };

/** The test store of mewebstudio/pos's EST examples (client 190100000, API user ISBANKAPI / ISBANK07, store key 123456). */
export const DEFAULT_STORE: Store = {
  clientId: "190100000",
  storeKey: "123456",
  username: "ISBANKAPI",
  password: "ISBANK07",
  merchantName: "Test Mağazası",
};

/** What the tests can make the bank do. */
export type Controls = {
  /** The customer closes the tab after paying: the bank charges but the outcome never reaches okUrl/failUrl. */
  dropReturns: boolean;
  /** Refunds are refused (ProcReturnCode 99, ERRORCODE CORE-2508 "not yet settled"). */
  refuseRefunds: boolean;
  /** The API answers with this HTTP status instead of a CC5Response. */
  apiHttpStatus: number | null;
  /** Milliseconds the API waits before answering (a timeout test sets this above the client's limit); the call is carried out. */
  apiDelayMs: number;
  /** API calls are lost on the way: never carried out, never answered (the client times out). */
  apiLost: boolean;
  /** The issuer's 3-D Secure verdict for the next payments at the gate (mdStatus 0-9); null: as the card says (1). */
  mdStatus: string | null;
  /** Rewrites each XML answer before it is sent (a comment, a CDATA section, a bad reference...). */
  rewriteApi: ((xml: string) => string) | null;
  /** ORDERHISTORY queries answer this HTTP status, or text that is no CC5Response ("garbage"); null: normal. */
  reportFailure: number | "garbage" | null;
};

export function minorToDecimal(minor: bigint): string {
  const s = minor.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

export function decimalToMinor(amount: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(amount.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

let counter = 0;
export function bankId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${counter.toString().padStart(4, "0")}`;
}

/** "20261124 14:05:09" as the EST hosts write dates. */
export function estDate(date = new Date()): string {
  const p = (n: number) => n.toString().padStart(2, "0");
  return `${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}`;
}

/** "2024-01-02 21:52:59.261": the bank's local time (Turkey, UTC+3 all year), as ORDERHISTORY and AUTH_DTTM write it. */
export function historyTime(date = new Date()): string {
  return new Date(date.getTime() + 3 * 3600_000).toISOString().replace("T", " ").replace("Z", "");
}
