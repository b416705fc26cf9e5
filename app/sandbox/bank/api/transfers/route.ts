import { z } from "zod";
import { jsonResponse } from "@/lib/edge/http/json-response";
import { validate } from "@/lib/domain/schemas/validate";
import { acceptSandboxTransfer } from "@/lib/integrations/sandbox/bank/sandbox-transfers";
import { withSandboxBank } from "@/lib/edge/http/with-sandbox-bank";

const transferOrder = z.object({
  clientRef: z.string().min(1),
  fromIban: z.string().min(1),
  toIban: z.string().min(1),
  recipientName: z.string().min(1),
  amount: z.string().regex(/^\d+\.\d{2}$/),
  description: z.string(),
  notifyUrl: z.url(),
});

export const POST = withSandboxBank(async ({ body }) =>
  jsonResponse(await acceptSandboxTransfer(validate(transferOrder, body)), 202),
);
