import { z } from "zod";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { sandboxTransferState } from "@/lib/integrations/sandbox/bank/sandbox-statements";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

const request = z.object({ clientRef: z.string().min(1) });

export const POST = withSandboxBank(async ({ body }) =>
  jsonResponse(await sandboxTransferState(validate(request, body).clientRef)),
);
