import { createHash } from "node:crypto";

/**
 * What PayFlex Common Payment signs, as mewebstudio/pos implements it (src/Crypt/PayFlexCPV4Crypt.php):
 *
 * - Our registration carries HashedData: base64(SHA-1(HostMerchantId + AmountCode + Amount + MerchantPassword + "" +
 *   "VBank3DPay2014")), the values run together without a separator (AbstractCrypt's empty HASH_SEPARATOR). It binds
 *   the amount and currency to the merchant's password; the password itself travels in the same TLS request, so the
 *   hash adds nothing an eavesdropper lacks, but the bank's integration expects it.
 * - The bank's return carries no signature at all: check3DHash and create3DHash are NotImplemented there, and
 *   PayFlexCPV4Pos reads the outcome by asking the bank (VposTransaction) with the merchant's credentials. So nothing
 *   the customer's browser brings back is believed; it only names the transaction to ask about (index.ts).
 */
const CONSTANT = "VBank3DPay2014";

export function registrationHash(fields: {
  HostMerchantId: string;
  AmountCode: string;
  Amount: string;
  MerchantPassword: string;
}): string {
  const text = [fields.HostMerchantId, fields.AmountCode, fields.Amount, fields.MerchantPassword, "", CONSTANT].join(
    "",
  );
  return createHash("sha1").update(text, "utf8").digest("base64");
}
