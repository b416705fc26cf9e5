import { prisma } from "@/lib/base/db/prisma";
import { ApiError } from "@/lib/edge/http/api-error";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { sandboxBalance } from "@/lib/integrations/sandbox/bank/sandbox-accounts";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

export const GET = withSandboxBank(async ({ params }) => {
  const iban = String(params.iban);
  const balance = await sandboxBalance(prisma, iban);
  if (balance === null) throw ApiError.plain(404, "Not found", `No account ${iban}.`);
  return jsonResponse({ iban, balance });
});
