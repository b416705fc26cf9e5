/**
 * The simulated VakıfBank's memory: merchants (a PayFlex merchant serves both the common payment page and the
 * virtual POS), the checkouts registered at the common payment, and the virtual POS's transactions (sales the page
 * made, voids, refunds), per merchant.
 */
export type Merchant = { merchantId: string; password: string; terminalId: string };

/** A RegisterTransaction: one payable page, known by its PaymentToken. */
export type Registration = {
  token: string;
  merchant: Merchant;
  orderId: string;
  amount: string;
  amountCode: string;
  successUrl: string;
  failUrl: string;
  lang: "tr" | "en";
  allowNotEnrolledCard: boolean;
  /** The sale the page made (its TransactionId), once the card was typed. */
  transactionId?: string;
  rc?: string;
  message?: string;
  maskedPan?: string;
};

export type Txn = {
  merchantId: string;
  transactionId: string;
  type: "Sale" | "Refund" | "Cancel";
  orderId: string;
  amountMinor: bigint;
  amountCode: string;
  resultCode: string;
  message: string;
  authCode: string;
  rrn: string;
  /** yyyyMMddHHmmss, the bank's local time (Turkey). */
  hostDate: string;
  referenceTransactionId: string;
  isCanceled: boolean;
  isRefunded: boolean;
  /** The bank's end of day has passed over it (a void is refused then). */
  settled: boolean;
};

export type Controls = {
  refuseRefunds: boolean;
  refundDelayMs: number;
  loseRefunds: boolean;
  reportFailure: number | "garbage" | null;
};

export function minorToDecimal(minor: bigint): string {
  const s = minor.toString().padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

export function decimalToMinor(amount: string): bigint | null {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(amount.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0")) : null;
}

let counter = 0;
/** A PayFlex id: 32 lower-case hex digits ("3ee068d5b5a747ada65dafc0016d5887"). */
export function payflexId(): string {
  counter += 1;
  const head = Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  return `${head}${(Date.now() % 0xffffffff).toString(16).padStart(8, "0")}${(counter % 0xffff).toString(16).padStart(4, "0")}`.slice(
    0,
    32,
  );
}

/** "20230309221037": the bank's local time (Turkey, UTC+3 all year). */
export function hostDate(date = new Date()): string {
  return new Date(date.getTime() + 3 * 3600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

export function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function escapeHtml(value: string): string {
  return escapeXml(value).replace(/'/g, "&#39;");
}

/** A flat element list as XML (the simulator's own writer: nothing shared with the connector). */
export function xml(root: string, fields: [string, string | [string, string][][] | null][]): string {
  const body = fields
    .map(([name, value]) => {
      if (value === null) return `<${name} />`;
      if (typeof value === "string") return `<${name}>${escapeXml(value)}</${name}>`;
      return `<${name}>${value.map((item) => `<${name}>${item.map(([n, v]) => `<${n}>${escapeXml(v)}</${n}>`).join("")}</${name}>`).join("")}</${name}>`;
    })
    .join("");
  return `<?xml version="1.0" encoding="utf-8"?><${root}>${body}</${root}>`;
}

/** A leaf's text in a request document (our clients send flat, escaped XML). */
export function leaf(doc: string, name: string): string {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(doc);
  return (m?.[1] ?? "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
