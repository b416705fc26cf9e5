/** The simulated InterVPOS's memory: shops (merchants), 3DHost sessions and the sales it has made. */
export type Shop = { shopCode: string; userCode: string; userPass: string; storeKey: string; name: string };

/**
 * A sale as StatusHistory reports it. TxnStatus: C authorised before the end of day, S settled at the end of day,
 * D declined, V voided (the bank's field list as LinkPara's InterVpos client documents it).
 */
export type BankOrder = {
  shopCode: string;
  orderId: string;
  /** Kuruş. */
  amountMinor: bigint;
  currency: string;
  txnStatus: "C" | "S" | "D" | "V";
  procReturnCode: string;
  transId: string;
  authCode: string;
  /** "dd.MM.yyyy HH:mm:ss", Turkish time. */
  trxDate: string;
  voidDate: string;
  refundedMinor: bigint;
  /** The 3-D Secure verdict the sale was made under: "1" full, "2"-"4" half. */
  mdStatus: string;
  /** What was given back (voids and refunds that went through), oldest first. */
  givenBack: { kind: "void" | "refund"; transId: string; amountMinor: bigint }[];
};

/** The test shop of mewebstudio/pos's InterPos examples and tests (shop 3123, InterTestApi / 3, store key gDg1N). */
export const DEFAULT_SHOP: Shop = {
  shopCode: "3123",
  userCode: "InterTestApi",
  userPass: "3",
  storeKey: "gDg1N",
  name: "Test İşyeri",
};

export type Controls = {
  /** The customer closes the tab after paying: the bank charges, the outcome never reaches OkUrl/FailUrl. */
  dropReturns: boolean;
  /** Voids and refunds are refused (ProcReturnCode 12). */
  refuseRefunds: boolean;
  /** Voids and refunds are carried out at once but answered only after this many ms. */
  refundDelayMs: number;
  /** Voids and refunds are lost: never carried out, never answered. */
  refundsLost: boolean;
  /** The issuer's 3-D verdict for the next payments ("2"-"4" half, "0" none); null: as the card says. */
  mdStatus: string | null;
  /** StatusHistory answers this HTTP status, or text that is no answer ("garbage"); null: normal. */
  reportFailure: number | "garbage" | null;
};

let counter = 0;
/** A bank transaction id: digits, as the bank's TransId. */
export function transId(): string {
  counter += 1;
  return `${Date.now() % 1_000_000_000}${counter.toString().padStart(4, "0")}`;
}

/** "09.08.2024 10:40:34": Turkish time (UTC+3 all year), as the bank writes TRXDATE and VoidDate. */
export function bankDate(date = new Date()): string {
  const t = new Date(date.getTime() + 3 * 3600_000);
  const p = (n: number) => n.toString().padStart(2, "0");
  return `${p(t.getUTCDate())}.${p(t.getUTCMonth() + 1)}.${t.getUTCFullYear()} ${p(t.getUTCHours())}:${p(t.getUTCMinutes())}:${p(t.getUTCSeconds())}`;
}

/** 15025n -> "150,25": the bank's Turkish amounts (no grouping under 1000 in its answers' samples; grouped above). */
export function turkishMinor(minor: bigint): string {
  const s = minor.toString().padStart(3, "0");
  const whole = s.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${whole},${s.slice(-2)}`;
}

/** "150.25" (the form's PurchAmount) -> 15025n, or null. */
export function dotDecimalToMinor(text: string): bigint | null {
  const m = /^(\d{1,13})\.(\d{2})$/.exec(text.trim());
  return m ? BigInt(m[1]!) * 100n + BigInt(m[2]!) : null;
}
