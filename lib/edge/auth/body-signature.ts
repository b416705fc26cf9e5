import { settings } from "@/lib/base/config/settings";
import { REQUEST_TARGET_HEADER } from "@/lib/base/net/client-ip";
import { ApiError } from "@/lib/edge/http/api-error";
import { checkSignature, requestSigningInput } from "@/lib/base/crypto/request-signature";

const FORMAT =
  "X-Signature: t=<timestamp>,v1=<lowercase hex HMAC-SHA256 of timestamp.METHOD.path.body, keyed with your secret key>";

/**
 * The optional body signature (docs/integration.md "Signed bodies"): checked whenever X-Signature is sent,
 * and required when the account has "require signed bodies" on. `body` is the body exactly as received.
 */
export function checkBodySignature(
  account: { secrets: string[]; requireSignedBodies: boolean },
  req: Request,
  body: string,
): void {
  // Sent is sent: an empty header is a signature that does not verify, never one left out.
  const value = req.headers.get("x-signature");
  if (value === null && !account.requireSignedBodies) return;
  const url = new URL(req.url);
  // The path and query exactly as the request line gave them (the custom server's header), else as parsed.
  const target = req.headers.get(REQUEST_TARGET_HEADER) || url.pathname + url.search;
  const check = checkSignature(value, account.secrets, (t) => requestSigningInput(t, req.method, target, body), {
    toleranceSeconds: settings.timestampToleranceSeconds,
  });
  if (check.valid) return;
  if (value === null)
    throw ApiError.access(401, "Signature required", `This account requires signed bodies: send ${FORMAT}.`);
  throw ApiError.access(401, "Invalid signature", `${check.reason}. Send ${FORMAT}.`);
}
