/** The simulated PayFor's memory: merchants, 3-D Host sessions and the payment requests of each order. */
export type Merchant = {
  /** MbrId: 5 QNB Finansbank, 12 Ziraat Katılım. */
  mbrId: string;
  merchantId: string;
  /** The API user (UserCode) and its password (UserPass). */
  username: string;
  password: string;
  /** The 3-D Secure key (MerchantPass). */
  storeKey: string;
  name: string;
  terminalId: string;
};

/** One PaymentRequest as PayFor keeps it: a sale (Auth), a Void or a Refund, failed ones too. */
export type Txn = {
  requestGuid: string;
  type: "Auth" | "Void" | "Refund";
  merchantId: string;
  orderId: string;
  /** A void's or refund's sale. */
  orgOrderId: string;
  secureType: string;
  /** "00" went through; V000 a checkout still open; anything else did not. */
  code: string;
  errMsg: string;
  amountMinor: bigint;
  /** ISO 4217 numeric. */
  currency: string;
  /** 12-digit host reference (HostRefNum / F37). */
  hostRef: string;
  orgHostRef: string;
  authCode: string;
  /** Y approved, N not, V voided afterwards. */
  txnStatus: string;
  txnResult: string;
  threeDStatus: string;
  voidDate: string;
  /** YYYYMMDD, Turkish. */
  reqDate: string;
  at: Date;
  batchNo: number;
  batchClosed: boolean;
  cardMask: string;
  cardHolder: string;
  installments: string;
};

export type BankOrder = { merchantId: string; orderId: string; txns: Txn[] };

/**
 * The test merchant of QNB's PayFor samples and mewebstudio/pos's tests (MbrId 5, merchant 085300000009704, API
 * user QNB_API_KULLANICI_3DPAY with the password UcBN0, 3-D Secure key 12345678).
 */
export const DEFAULT_MERCHANT: Merchant = {
  mbrId: "5",
  merchantId: "085300000009704",
  username: "QNB_API_KULLANICI_3DPAY",
  password: "UcBN0",
  storeKey: "12345678",
  name: "3D PAY TEST ISYERI",
  terminalId: "VS010481",
};

export type Controls = {
  dropReturns: boolean;
  refuseRefunds: boolean;
  apiHttpStatus: number | null;
  apiDelayMs: number;
  refundDelayMs: number;
  refundsLost: boolean;
  reportFailure: number | "garbage" | null;
  /** The batch sales are added to now; the end of day closes it and opens the next. */
  batchNo: number;
};

let counter = 0;
/** A 12-digit host reference (RRN), unique in this process. */
export function hostRef(): string {
  counter += 1;
  return `${String(Date.now()).slice(-8)}${counter.toString().padStart(4, "0")}`.slice(-12);
}

let guid = 1000000100000000;
export function requestGuid(): string {
  guid += 1;
  return String(guid);
}

/** Turkish local time parts (UTC+3). */
function turkish(date: Date): string {
  return new Date(date.getTime() + 3 * 3600_000).toISOString();
}

/** YYYYMMDD in Turkey. */
export function reqDate(date = new Date()): string {
  return turkish(date).slice(0, 10).replace(/-/g, "");
}

/** "2024-01-21T22:14:23", Turkish local time, as the history writes InsertDatetime. */
export function insertDatetime(date: Date): string {
  return turkish(date).slice(0, 19);
}

/** "31.10.2022 23:06:37", as the return writes TransactionDate and the inquiry InsertDatetime. */
export function dottedDatetime(date: Date): string {
  const t = turkish(date);
  return `${t.slice(8, 10)}.${t.slice(5, 7)}.${t.slice(0, 4)} ${t.slice(11, 19)}`;
}

/** kuruş as PayFor writes an amount: 15000n -> "150", 24990n -> "249.9", 101n -> "1.01". */
export function lira(minor: bigint): string {
  const whole = (minor / 100n).toString();
  const cents = (minor % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return cents ? `${whole}.${cents}` : whole;
}

/** "1.01", "100", "249.9" -> kuruş; null for anything else. */
export function parseLira(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

/** "12.50" -> 1250n. */
export function decimalToMinor(amount: string): bigint {
  const m = /^(\d{1,13})\.(\d{2})$/.exec(amount);
  if (!m) throw new Error(`amount must be a two-place decimal string, got ${JSON.stringify(amount)}`);
  return BigInt(m[1]!) * 100n + BigInt(m[2]!);
}

/** The order's sale that went through, if any. */
export function approvedSale(order: BankOrder | undefined): Txn | undefined {
  return order?.txns.find((t) => t.type === "Auth" && t.code === "00");
}
