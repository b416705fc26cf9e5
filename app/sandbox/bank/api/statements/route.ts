import { z } from "zod";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { sandboxStatement } from "@/lib/integrations/sandbox/bank/sandbox-statements";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

const request = z.object({ iban: z.string().min(1), cursor: z.string().nullable() });

export const POST = withSandboxBank(async ({ body }) => {
  const { iban, cursor } = validate(request, body);
  return jsonResponse(await sandboxStatement(iban, cursor));
});
