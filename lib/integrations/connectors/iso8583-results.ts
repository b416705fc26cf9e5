import type { PartnerError } from "./ports";

/**
 * The ISO 8583 result codes Turkish bank hosts answer with (EST's ProcReturnCode, GVP's procreturncode), in
 * plain English: what a card's bank said, for the console and the failure reason. Each bank's mapper adds
 * the codes only it uses.
 */
export const ISO8583_RESULTS: Readonly<Record<string, string>> = {
  "01": "Refer to card issuer",
  "02": "Refer to card issuer, special condition",
  "03": "Invalid merchant",
  "04": "Pick up card",
  "05": "Do not honour",
  "12": "Invalid transaction",
  "13": "Invalid amount",
  "14": "Invalid card number",
  "15": "No such issuer",
  "33": "Expired card, pick up",
  "34": "Suspected fraud",
  "41": "Lost card",
  "43": "Stolen card",
  "51": "Insufficient funds",
  "54": "Expired card",
  "55": "Incorrect PIN",
  "57": "Transaction not permitted to cardholder",
  "58": "Transaction not permitted to terminal",
  "61": "Exceeds withdrawal amount limit",
  "62": "Restricted card",
  "65": "Exceeds withdrawal frequency limit",
  "77": "Request rejected",
  "82": "Invalid CVV",
  "91": "Issuer or switch is inoperative",
  "96": "System malfunction",
  "99": "General error",
};

/**
 * A bank's result code as the payment's error: in the bank's table's words where it knows the code, otherwise the
 * code (or `fallbackCode` when there is none) with what the bank said, if anything.
 */
export function resultCodeError(
  code: string | undefined,
  bankMessage: string | undefined,
  messages: Readonly<Record<string, string>>,
  fallbackCode: string,
): PartnerError {
  const known = code ? messages[code] : undefined;
  if (code && known) return { code, message: known };
  const said = bankMessage?.trim();
  return {
    code: code || fallbackCode,
    message: said ? `Declined by the bank (${said.slice(0, 200)})` : "Declined by the bank",
  };
}
