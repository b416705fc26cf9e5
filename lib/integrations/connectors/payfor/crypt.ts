import { createHash, timingSafeEqual } from "node:crypto";

/**
 * PayFor's hashes, as QNB Finansbank's own PayFor script samples compute them and mewebstudio/pos implements them
 * (src/Crypt/PayForPosCrypt.php): Base64 of the binary digest of fields run together, nothing separating them.
 *
 * - Our 3-D form (`Hash`): SHA-1 of MbrId, OrderId, PurchAmount, OkUrl, FailUrl, TxnType, InstallmentCount, Rnd
 *   and the 3-D Secure key (MerchantPass). It does not cover Currency (see docs/connectors.md, "Known limits").
 * - The bank's return (`ResponseHash`): the digest of MerchantID, MerchantPass, OrderId, AuthCode, ProcReturnCode,
 *   3DStatus, ResponseRnd and UserCode. PayFor signed it with SHA-1 (`HashType` Sha1, the 2022 returns of
 *   mewebstudio/pos's tests) and signs it with SHA-256 (the 2024 return there, 44 Base64 characters); which one a
 *   return carries is read from its length.
 */

export type ReturnHashAlgorithm = "sha1" | "sha256";

function base64Digest(algorithm: ReturnHashAlgorithm, text: string): string {
  return createHash(algorithm).update(text, "utf8").digest("base64");
}

export type FormHashInput = {
  mbrId: string;
  orderId: string;
  amount: string;
  okUrl: string;
  failUrl: string;
  txnType: string;
  installments: string;
  rnd: string;
};

export function formHash(input: FormHashInput, storeKey: string): string {
  const { mbrId, orderId, amount, okUrl, failUrl, txnType, installments, rnd } = input;
  return base64Digest("sha1", [mbrId, orderId, amount, okUrl, failUrl, txnType, installments, rnd, storeKey].join(""));
}

export type ReturnHashInput = {
  orderId: string;
  authCode: string;
  procReturnCode: string;
  threeDStatus: string;
  responseRnd: string;
};

export function returnHash(
  input: ReturnHashInput,
  account: { merchantId: string; storeKey: string; username: string },
  algorithm: ReturnHashAlgorithm,
): string {
  const fields = [
    account.merchantId,
    account.storeKey,
    input.orderId,
    input.authCode,
    input.procReturnCode,
    input.threeDStatus,
    input.responseRnd,
    account.username,
  ];
  return base64Digest(algorithm, fields.join(""));
}

/** The algorithm a sent ResponseHash is of, by its length (SHA-1: 28 Base64 characters, SHA-256: 44); null: neither. */
export function algorithmOf(hash: string): ReturnHashAlgorithm | null {
  if (/^[A-Za-z0-9+/]{27}=$/.test(hash)) return "sha1";
  if (/^[A-Za-z0-9+/]{43}=$/.test(hash)) return "sha256";
  return null;
}

/** Compares two Base64 hashes exactly (Base64 is case-sensitive), without leaking where they differ. */
export function sameHash(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
