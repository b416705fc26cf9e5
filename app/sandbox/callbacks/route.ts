import { settings } from "@/lib/base/config/settings";
import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { readBodyText } from "@/lib/edge/http/read-body";
import { withApiErrors } from "@/lib/edge/http/with-api-errors";
import { verifySandboxCallback } from "@/lib/api/callbacks/verify-sandbox-callback";

/**
 * A callback URL to point demo and test accounts at: answers 200 with {"success": true} (what dealers must
 * answer) to a correctly signed callback and 401 otherwise, so delivery attempts show a real verification.
 */
export const POST = withApiErrors(async (req) => {
  if (!settings.sandboxEnabled) throw ApiError.plain(404, "Not found", "The sandbox is disabled.");
  const raw = await readBodyText(req);
  const check = await verifySandboxCallback(req.headers, raw);
  if (!check.valid) throw ApiError.plain(401, "Invalid callback", check.reason);
  return jsonResponse({
    success: true,
    message: `Callback for ${String(check.body.tracking_code)} (${String(check.body.status)}) verified.`,
  });
});
