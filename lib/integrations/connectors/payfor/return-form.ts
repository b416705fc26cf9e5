import type { IncomingMessage } from "../ports";
import { algorithmOf, returnHash, sameHash } from "./crypt";

/**
 * The customer's browser brings PayFor's outcome back as a form POST (application/x-www-form-urlencoded) of the
 * whole payment request (mewebstudio/pos's 3D host fixtures). A field sent twice is refused outright: which of the
 * two the bank signed and which one we would read could differ, and PayFor never repeats a field. Values are UTF-8,
 * or Windows-1254 where they are not (PayFor's pages are ISO-8859-9); the signed ones are ASCII either way.
 */
export function readReturnForm(message: IncomingMessage): Record<string, string> | null {
  const pairs: [string, string][] =
    message.rawBody.trim() !== ""
      ? message.rawBody
          .split("&")
          .filter((pair) => pair !== "")
          .map((pair) => {
            const eq = pair.indexOf("=");
            return [decode(eq < 0 ? pair : pair.slice(0, eq)), decode(eq < 0 ? "" : pair.slice(eq + 1))];
          })
      : Object.entries(message.form ?? {});
  const fields: Record<string, string> = {};
  for (const [name, value] of pairs) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}

function decode(text: string): string {
  const bytes: number[] = [];
  const raw = Buffer.from(text.replace(/\+/g, " "), "utf8");
  for (let k = 0; k < raw.length; k++) {
    const hex = raw.subarray(k + 1, k + 3).toString("latin1");
    if (raw[k] === 0x25 && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      k += 2;
    } else bytes.push(raw[k]!);
  }
  const buffer = Buffer.from(bytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder("windows-1254").decode(buffer);
  }
}

/**
 * The shapes of the signed values. The hash runs them together with nothing between, so only strict shapes keep
 * one field's text from passing for another's: with an auth code of exactly six characters or none, a return
 * signed for a decline cannot be re-cut into "00" and "1" (an approval).
 */
const SIGNED_SHAPES: Record<string, RegExp> = {
  OrderId: /^[A-Za-z0-9]{1,50}$/,
  AuthCode: /^([A-Za-z0-9]{6})?$/,
  ProcReturnCode: /^[A-Z0-9]{2,6}$/,
  "3DStatus": /^-?\d$/,
  ResponseRnd: /^[A-Za-z0-9]{1,64}$/,
};

/**
 * Checks ResponseHash over MerchantID, the 3-D Secure key, OrderId, AuthCode, ProcReturnCode, 3DStatus, ResponseRnd
 * and UserCode (mewebstudio/pos PayForPosCrypt::check3DHash), our merchant and user standing for theirs. A HashType
 * the return names must agree with the hash's length.
 */
export function verifyReturnHash(
  fields: Record<string, string>,
  account: { merchantId: string; storeKey: string; username: string },
): { ok: true } | { ok: false; reason: string } {
  const sent = fields.ResponseHash ?? "";
  const algorithm = algorithmOf(sent);
  if (!algorithm) return { ok: false, reason: "PayFor return hash is neither SHA-1 nor SHA-256 Base64" };
  const named = (fields.HashType ?? "").toLowerCase();
  if (named !== "" && named !== algorithm) return { ok: false, reason: "PayFor return hash is not of its HashType" };
  for (const [name, shape] of Object.entries(SIGNED_SHAPES))
    if (!shape.test(fields[name] ?? ""))
      return { ok: false, reason: `PayFor return has a signed ${name} of the wrong shape` };
  const expected = returnHash(
    {
      orderId: fields.OrderId!,
      authCode: fields.AuthCode ?? "",
      procReturnCode: fields.ProcReturnCode!,
      threeDStatus: fields["3DStatus"]!,
      responseRnd: fields.ResponseRnd!,
    },
    account,
    algorithm,
  );
  return sameHash(sent, expected) ? { ok: true } : { ok: false, reason: "PayFor return hash does not match" };
}
