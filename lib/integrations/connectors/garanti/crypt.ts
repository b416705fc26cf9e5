import { createHash, timingSafeEqual } from "node:crypto";

/**
 * GVP's hashes, API version 512, as Garanti documents them and mewebstudio/pos implements them
 * (src/Crypt/GarantiPosCrypt.php). All are upper-case hex; nothing is separated.
 *
 * - Security data: SHA-1 of the provision user's password followed by the terminal id left-padded with zeros
 *   to 9 digits. It stands for the password, which is never sent.
 * - Our 3-D form (`secure3dhash`): SHA-512 of terminalid, orderid, txnamount, txncurrencycode, successurl,
 *   errorurl, txntype, txninstallmentcount, the store key and the security data.
 * - An XML API request (`Terminal/HashData`): SHA-512 of OrderID, terminal ID, card number (empty: we never
 *   send one), Amount, CurrencyCode and the security data of the user making the call.
 * - The bank's 3-D return (`hash`): SHA-512 of the values of the fields its `hashparams` names (a
 *   ":"-separated list), in that order, followed by the store key.
 */

function upperHex(algorithm: "sha1" | "sha512", text: string | Buffer): string {
  return createHash(algorithm).update(text).digest("hex").toUpperCase();
}

export function securityData(password: string, terminalId: string): string {
  return upperHex("sha1", `${password}${terminalId.padStart(9, "0")}`);
}

export type FormHashInput = {
  terminalId: string;
  orderId: string;
  /** Minor units, as the form sends it ("10025"). */
  amount: string;
  currencyCode: string;
  successUrl: string;
  errorUrl: string;
  txnType: string;
  installments: string;
};

export function formHash(input: FormHashInput, storeKey: string, password: string): string {
  const { terminalId, orderId, amount, currencyCode, successUrl, errorUrl, txnType, installments } = input;
  const fields = [terminalId, orderId, amount, currencyCode, successUrl, errorUrl, txnType, installments, storeKey];
  return upperHex("sha512", fields.join("") + securityData(password, terminalId));
}

export type ApiHashInput = { orderId: string; terminalId: string; amount: string; currencyCode: string };

export function apiHash(input: ApiHashInput, password: string): string {
  const fields = [input.orderId, input.terminalId, input.amount, input.currencyCode];
  return upperHex("sha512", fields.join("") + securityData(password, input.terminalId));
}

/** The return's hash over the named fields' values as the bank sent them (bytes), the store key last. */
export function returnHash(values: readonly Buffer[], storeKey: string): string {
  return upperHex("sha512", Buffer.concat([...values, Buffer.from(storeKey, "utf8")]));
}

/** Compares two hex hashes, case-insensitively, without leaking where they differ. */
export function sameHash(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.trim().toUpperCase());
  const b = Buffer.from(expected.toUpperCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
