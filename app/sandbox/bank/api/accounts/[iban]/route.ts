import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { readSandboxBalance } from "@/lib/integrations/sandbox/bank/sandbox-bank-page";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

export const GET = withSandboxBank(async ({ params }) => {
  const iban = String(params.iban);
  const balance = await readSandboxBalance(iban);
  if (balance === null) throw ApiError.plain(404, "Not found", `No account ${iban}.`);
  return jsonResponse({ iban, balance });
});
