import { settings } from "@/lib/base/config/settings";
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
  const value = req.headers.get("x-signature");
  if (!value && !account.requireSignedBodies) return;
  const url = new URL(req.url);
  const check = checkSignature(
    value,
    account.secrets,
    (t) => requestSigningInput(t, req.method, url.pathname + url.search, body),
    {
      toleranceSeconds: settings.timestampToleranceSeconds,
    },
  );
  if (check.valid) return;
  if (!value) throw ApiError.access(401, "Signature required", `This account requires signed bodies: send ${FORMAT}.`);
  throw ApiError.access(401, "Invalid signature", `${check.reason}. Send ${FORMAT}.`);
}
