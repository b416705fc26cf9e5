import { createHmac } from "node:crypto";
import { hexDigestsEqual } from "@/lib/base/crypto/hash";
import { readMinorUnits, type AmountReading } from "../amount-format";

/**
 * The sandbox acquirer's wire format, shared by the connector (our side) and the sandbox partner (its side):
 * JSON requests and notifications carry an HMAC-SHA256 of the raw body in a header; the browser's return
 * carries its fields and an HMAC over them in a fixed order, as Turkish bank gates sign their okUrl posts.
 * Both are keyed with the merchant's store key.
 */
export const SANDBOX_SIGNATURE_HEADER = "x-acquirer-signature";

/** The fields of a browser return, in the order they are signed. */
export const RETURN_FIELDS = [
  "orderId",
  "status",
  "amount",
  "reference",
  "errorCode",
  "errorMessage",
  "authCode",
  // The card as the sandbox shows it (brand and last four digits): signed like the rest where a return carries it,
  // and left out of the signed text where it does not, so a return without them is signed as before.
  "cardBrand",
  "cardLast4",
] as const;
const OPTIONAL_SIGNED: ReadonlySet<string> = new Set(["cardBrand", "cardLast4"]);
export type ReturnFields = Partial<Record<(typeof RETURN_FIELDS)[number], string>>;

export function signBody(storeKey: string, body: string): string {
  return createHmac("sha256", storeKey).update(body).digest("hex");
}

export function bodySignedWith(storeKey: string, body: string, signature: string | null | undefined): boolean {
  return Boolean(signature) && hexDigestsEqual(signBody(storeKey, body), signature!);
}

function returnText(fields: ReturnFields): string {
  return RETURN_FIELDS.filter((name) => !OPTIONAL_SIGNED.has(name) || fields[name])
    .map((name) => `${name}=${fields[name] ?? ""}`)
    .join("|");
}

/** The fields a return carries, with their signature. */
export function signReturn(storeKey: string, fields: ReturnFields): Record<string, string> {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== "")) as Record<
    string,
    string
  >;
  return { ...present, signature: signBody(storeKey, returnText(present)) };
}

export function returnSignedWith(storeKey: string, fields: Record<string, string>): boolean {
  const own = Object.fromEntries(
    RETURN_FIELDS.filter((n) => fields[n] !== undefined && fields[n] !== "").map((n) => [n, fields[n]!]),
  );
  return bodySignedWith(storeKey, returnText(own), fields.signature);
}

/** The session states the sandbox's inquiry answers with. */
export type SandboxSessionState = {
  orderId: string;
  sessionId: string;
  status: "open" | "challenge" | "silent" | "approved" | "declined" | "cancelled" | "expired";
  amount: string;
  refundedAmount: string;
  /** The refund ids it has made (each once, however often it was asked). */
  refundIds: string[];
  errorCode: string | null;
  errorMessage: string | null;
  authCode: string | null;
};

/** The sandbox acquirer writes amounts as decimals of up to two places ("150.5", "150.50"). */
const SANDBOX_AMOUNT: AmountReading = { unit: "major", wholeDigits: 16 };

/** "150.5" and "150.50" are the same amount; anything that is not a decimal with at most two places is none. */
export function sameAmount(a: string, b: string): boolean {
  const x = readMinorUnits(a, SANDBOX_AMOUNT);
  return x !== null && x === readMinorUnits(b, SANDBOX_AMOUNT);
}

/**
 * The sandbox acquirer's list of a merchant's sales and refunds over a period, for reconciliation:
 * `POST /api/transactions {merchant, from, to, cursor}` (signed like every request), answered
 * `200 {transactions, nextCursor}` with at most LIST_PAGE_MAX records, `nextCursor` null on the last page. A
 * sale is listed in the period its checkout opened (the acquirer's books keep that, not when it was paid;
 * a checkout closes within its expiry), a refund in the period it was made. The answer is signed in
 * `x-acquirer-signature` over the request's body, a newline and the answer's body, so it answers that
 * request only.
 */
export const LIST_PAGE_MAX = 200;

export type SandboxListedTransaction = {
  type: "sale" | "refund";
  /** The merchant's order id; a refund names its sale's. */
  orderId: string;
  sessionId: string;
  /** The sale's session id, or the refund's `rf_<refund id>`. */
  reference: string;
  amount: string;
  currency: string;
  /** A sale's session status; a refund is "approved" (the acquirer makes refunds at once or refuses them). */
  status: SandboxSessionState["status"];
  occurredAt: string;
};

export function signListAnswer(storeKey: string, requestBody: string, answerBody: string): string {
  return signBody(storeKey, `${requestBody}\n${answerBody}`);
}
