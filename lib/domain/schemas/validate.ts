import type { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";

function describeIssue(issue: z.core.$ZodIssue): string[] {
  if (issue.code === "unrecognized_keys") return issue.keys.map((key) => `Unknown field: ${key}`);
  const field = issue.path.join(".");
  const last = String(issue.path.at(-1) ?? "");
  // Schema messages name their field ("amount must be at least 1", or in words for console forms:
  // "deposit callback URL must be ..." for depositCallbackUrl); zod's defaults do not.
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  if (!field || issue.message.startsWith(last) || issue.message.toLowerCase().startsWith(words)) return [issue.message];
  return [`${field}: ${issue.message}`];
}

/** Parses with a zod schema; a failure is a VALIDATION refusal with one message per violated rule (422 at the API). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw DomainError.validation(result.error.issues.flatMap(describeIssue));
}
