import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { sandboxStatementPeriod, statementPeriodRequest } from "@/lib/integrations/sandbox/bank/sandbox-statements";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

/** An account's lines of a period, for reconciliation (docs/partner-protocol.md); the answer is signed. */
export const POST = withSandboxBank(async ({ body }) =>
  jsonResponse(await sandboxStatementPeriod(validate(statementPeriodRequest, body))),
);
