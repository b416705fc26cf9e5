import { DomainError } from "@/lib/base/errors/domain-error";
import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { wordError } from "@/lib/base/messages/errors";
import { asApiError } from "@/lib/edge/http/from-domain-error";

/**
 * What the admin CLI prints for a refusal, one entry per violated rule: a domain refusal worded from the
 * English catalogue (the API's words), an API-level refusal as its body says; null for anything else.
 */
export function refusalLines(error: unknown): string[] | null {
  if (error instanceof DomainError) return error.refusals.map((r) => wordError(r, ENGLISH_ERRORS));
  const refusal = asApiError(error);
  if (!refusal) return null;
  return (refusal.body.messages as string[] | undefined) ?? [String(refusal.body.message ?? refusal.body.error)];
}

/**
 * Whether a refusal says the command was given wrongly (a flag missing or of the wrong shape), where its usage
 * line helps; a refusal of what was asked (a bank refusing a refund, a payment in another state) is no misuse.
 */
export function isInputRefusal(error: unknown): boolean {
  if (error instanceof DomainError) return error.code === "VALIDATION";
  return asApiError(error)?.status === 400;
}
