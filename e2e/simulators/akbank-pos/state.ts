import { randomBytes, randomUUID } from "node:crypto";

/** The simulated Akbank virtual POS's memory: terminals, hosted-page sessions and each order's transactions. */
export type Terminal = {
  merchantSafeId: string;
  terminalSafeId: string;
  /** Signs both ways (HMAC-SHA512): forms, returns, API requests. */
  secretKey: string;
  merchantName: string;
  /** The open batch: closed (and the next one opened) at the end of day. */
  batchNumber: number;
};

/** One transaction line, as the order history (1010) and the date-range history list it. */
export type Txn = {
  /** 1000 a sale, 1002 a refund. */
  txnCode: "1000" | "1002";
  responseCode: string;
  responseMessage: string;
  hostResponseCode: string;
  hostMessage: string;
  /** N normal, V cancelled; "T" a technical cancel (the history's "Teknik İptal"). */
  status: "N" | "V" | "T";
  amountMinor: bigint;
  currencyCode: number;
  rrn: string;
  authCode: string;
  /** The line's own order id: ours for the sale, a bank GUID for a refund. */
  orderId: string;
  /** The order the line belongs to (the sale's order id). */
  orgOrderId: string;
  batchNumber: number;
  /** Past the end of day: refunded, no longer cancelled. */
  settled: boolean;
  at: Date;
  /** The card as the bank's answers show it (maskedCardNumber: the first six and last four digits). */
  maskedCardNumber: string;
};

export type BankOrder = { terminalSafeId: string; orderId: string; txns: Txn[] };

/** What the tests can make the bank do. */
export type Controls = {
  /** The customer closes the tab after paying: the bank charged, the outcome never reaches our return URL. */
  dropReturns: boolean;
  /** Cancels and refunds are refused (VPS-1099, the simulator's own code). */
  refuseRefunds: boolean;
  /** The API answers this HTTP status instead of JSON. */
  apiHttpStatus: number | null;
  apiDelayMs: number;
  /** Cancels and refunds answered only after this long (carried out all the same). */
  refundDelayMs: number;
  /** Cancels and refunds lost on the way: never carried out, never answered. */
  refundsLost: boolean;
  /** The date-range history answers this HTTP status, or garbage; null: normal. */
  reportFailure: number | "garbage" | null;
  /** Most lines one history answer lists before VPS-2235 (the bank's 9999). */
  historyCap: number;
};

/**
 * The test terminal of mewebstudio/pos's Akbank examples and unit tests (merchantSafeId
 * 2023090417500272654BD9A49CF07574, terminalSafeId 2023090417500284633D137A249DBBEB and its published secret key).
 */
export const DEFAULT_TERMINAL: Terminal = {
  merchantSafeId: "2023090417500272654BD9A49CF07574",
  terminalSafeId: "2023090417500284633D137A249DBBEB",
  secretKey:
    "3230323330393034313735303032363031353172675f357637355f3273387373745f7233725f73323333383737335f323272383774767276327672323531355f",
  merchantName: "Test Mağazası",
  batchNumber: 39,
};

let counter = 0;
/** A 12-digit host reference (rrn), unique in this process. */
export function rrn(): string {
  counter += 1;
  return `4${String(Date.now()).slice(-7)}${counter.toString().padStart(4, "0")}`.slice(-12);
}

export const authCode = () => String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000));
export const bankGuid = () => randomUUID();

/** "12.50" -> 1250n kuruş. */
export function decimalToMinor(amount: string): bigint {
  const m = /^(\d{1,13})\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`amount must be a two-place decimal string, got ${JSON.stringify(amount)}`);
  return BigInt(m[1]!) * 100n + BigInt(m[2]!);
}

/** 1250n -> 12.5 as the bank's JSON writes amounts (a number). */
export function minorToNumber(minor: bigint): number {
  return Number(minor) / 100;
}

/** The sale that went through, if the order has one. */
export function approvedSale(order: BankOrder | undefined): Txn | undefined {
  return order?.txns.find((t) => t.txnCode === "1000" && t.responseCode === "VPS-0000");
}

/** What the order's refunds gave back, in kuruş. */
export function refundedOf(order: BankOrder): bigint {
  return order.txns
    .filter((t) => t.txnCode === "1002" && t.responseCode === "VPS-0000" && t.status === "N")
    .reduce((sum, t) => sum + t.amountMinor, 0n);
}

/** A new terminal whose safe ids and secret no terminal of `taken` has. */
export function newTerminal(taken: Map<string, Terminal>): Terminal {
  const hex = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();
  let id = "";
  do id = `2026${hex(14)}`;
  while (taken.has(id));
  return {
    merchantSafeId: `2026${hex(14)}`,
    terminalSafeId: id,
    secretKey: randomBytes(64).toString("hex"),
    merchantName: `Test Mağazası ${taken.size}`,
    batchNumber: 1,
  };
}
