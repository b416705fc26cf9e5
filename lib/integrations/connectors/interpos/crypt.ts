import { createHash, timingSafeEqual } from "node:crypto";

/**
 * InterVPOS's hashes, as Denizbank documents them and mewebstudio/pos implements them (src/Crypt/InterPosCrypt.php on
 * AbstractCrypt): SHA-1, base64 of the binary digest, nothing separated.
 *
 * - Our 3-D form (`Hash`): ShopCode, OrderId, PurchAmount, OkUrl, FailUrl, TxnType, InstallmentCount, Rnd, then the
 *   store key. `Currency` is not under it: the return's signed `Currency` is what binds the currency.
 * - The bank's return (`HASH`): the values of the fields `HASHPARAMS` names (a ":"-separated list, usually ending in
 *   ":"), in that order, then the store key.
 */

function sha1Base64(data: Buffer | string): string {
  return createHash("sha1").update(data).digest("base64");
}

export type FormHashInput = {
  shopCode: string;
  orderId: string;
  purchAmount: string;
  okUrl: string;
  failUrl: string;
  txnType: string;
  installmentCount: string;
  rnd: string;
};

export function formHash(input: FormHashInput, storeKey: string): string {
  const { shopCode, orderId, purchAmount, okUrl, failUrl, txnType, installmentCount, rnd } = input;
  return sha1Base64(
    [shopCode, orderId, purchAmount, okUrl, failUrl, txnType, installmentCount, rnd, storeKey].join(""),
  );
}

/** The return's hash over the named fields' values as the bank sent them (bytes), the store key last. */
export function returnHash(values: readonly Buffer[], storeKey: string): string {
  return sha1Base64(Buffer.concat([...values, Buffer.from(storeKey, "utf8")]));
}

/** Compares two base64 hashes (case matters in base64) without leaking where they differ. */
export function sameHash(sent: string, expected: string): boolean {
  const a = Buffer.from(sent.trim());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
