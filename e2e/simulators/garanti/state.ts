/** The simulated GVP's memory: terminals, payment page sessions and the transactions of each order. */
export type Terminal = {
  merchantId: string;
  terminalId: string;
  /** Provision users and their passwords (PROVAUT, PROVOOS, PROVRFN, ...). */
  users: Record<string, string>;
  /** The users GVP takes voids and refunds from. */
  refundUsers: string[];
  storeKey: string;
  merchantName: string;
};

/** One line of an order's history, as orderhistoryinq lists it. */
export type Txn = {
  type: "sales" | "void" | "refund";
  /** "00" went through, "01" did not. */
  status: "00" | "01";
  returnCode: string;
  amountMinor: bigint;
  currencyCode: string;
  retrefNum: string;
  authCode: string;
  /** yyyyMMdd */
  authDate: string;
  voidDate: string;
  settled: boolean;
  /** When it happened: the order list's LastTrxDate (Turkish local time) and what its period filters on. */
  at: Date;
  /** A void's or refund's sale (its RetrefNum), as the order list names it. */
  origRetrefNum?: string;
};

export type BankOrder = { terminalId: string; orderId: string; txns: Txn[]; mdStatus: string };

/**
 * The test terminal of mewebstudio/pos's Garanti examples and unit tests (merchant 7000679, terminal
 * 30691298, PROVAUT and PROVRFN with the password 123qweASD/, store key 12345678), with PROVOOS, the common
 * payment page's own user, added with the same password.
 */
export const DEFAULT_TERMINAL: Terminal = {
  merchantId: "7000679",
  terminalId: "30691298",
  users: { PROVAUT: "123qweASD/", PROVOOS: "123qweASD/", PROVRFN: "123qweASD/" },
  refundUsers: ["PROVRFN"],
  storeKey: "12345678",
  merchantName: "Test Mağazası",
};

/** What the tests can make the bank do. */
export type Controls = {
  /** The customer closes the tab after paying: the bank charged, the outcome never reaches our return URL. */
  dropReturns: boolean;
  /** Refunds and voids are refused (92, the simulator's own reason 0999 "closed for end of day"). */
  refuseRefunds: boolean;
  /** The API answers this HTTP status instead of a GVPSResponse. */
  apiHttpStatus: number | null;
  /** Milliseconds the API waits before answering (a timeout test sets this above the client's limit). */
  apiDelayMs: number;
  /** Milliseconds voids and refunds wait before their answer (carried out all the same). */
  refundDelayMs: number;
  /**
   * How the history marks a settled sale (`Settlement`). GVP does not publish its values: "Y" by default; another
   * letter, or "" (no mark, the sale's date then says it), tries a client against what it cannot know.
   */
  settledMark: string;
  /** Voids and refunds are lost on the way: never carried out, never answered. */
  refundsLost: boolean;
  /** The order list inquiry answers this HTTP status, or text that is no GVPSResponse ("garbage"); null: normal. */
  reportFailure: number | "garbage" | null;
  /** Transactions per page of the order list inquiry (GVP's is 500; a test sets fewer to see several pages). */
  listPageSize: number;
};

let counter = 0;
/** A 12-digit host reference (RetrefNum), unique in this process. */
export function retrefNum(): string {
  counter += 1;
  return `${String(Date.now()).slice(-8)}${counter.toString().padStart(4, "0")}`.slice(-12);
}

export function today(date = new Date()): string {
  const p = (n: number) => n.toString().padStart(2, "0");
  return `${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}`;
}

/** The sale that went through, if the order has one. */
export function approvedSale(order: BankOrder | undefined): Txn | undefined {
  return order?.txns.find((t) => t.type === "sales" && t.status === "00");
}

/** "12.50" -> 1250n kuruş. */
export function decimalToMinor(amount: string): bigint {
  const m = /^(\d{1,13})\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`amount must be a two-place decimal string, got ${JSON.stringify(amount)}`);
  return BigInt(m[1]!) * 100n + BigInt(m[2]!);
}
