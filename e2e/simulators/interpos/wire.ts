import { createHash } from "node:crypto";

/**
 * The bank side's wire, written apart from the connector's on purpose (a shared bug would agree with itself): the
 * SHA-1/base64 hashes as Denizbank's integration guide describes them, and the API's ";;"-separated answers.
 */
export function sha1Base64(data: Buffer | string): string {
  return createHash("sha1").update(data).digest("base64");
}

/** The merchant form's Hash: ShopCode OrderId PurchAmount OkUrl FailUrl TxnType InstallmentCount Rnd MerchantPass. */
export function merchantFormHash(get: (name: string) => string, storeKey: string): string {
  const names = ["ShopCode", "OrderId", "PurchAmount", "OkUrl", "FailUrl", "TxnType", "InstallmentCount", "Rnd"];
  return sha1Base64(names.map(get).join("") + storeKey);
}

/** The names the bank signs its 3-D return under, as its HASHPARAMS lists them. */
export const HASH_PARAMS =
  "Version:PurchAmount:Exponent:Currency:OkUrl:FailUrl:MD:OrderId:ProcReturnCode:Response:mdStatus:";

/** HASHPARAMSVAL and HASH of a return: the named values run together, the store key last. */
export function signReturn(fields: [string, string][], storeKey: string): { values: string; hash: string } {
  const get = (name: string) => fields.find(([n]) => n === name)?.[1] ?? "";
  const values = HASH_PARAMS.split(":").filter(Boolean).map(get).join("");
  return { values, hash: sha1Base64(Buffer.from(values + storeKey, "utf8")) };
}

/** An API answer: "Name=Value;;Name=Value". */
export function answer(fields: [string, string][]): string {
  return fields.map(([n, v]) => `${n}=${v}`).join(";;");
}
