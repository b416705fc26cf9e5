import type { z } from "zod";
import { DomainError } from "@/lib/base/errors/domain-error";
import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { refusal, wordError, type ErrorKey, type ErrorMessage, type ErrorParams } from "@/lib/base/messages/errors";

/**
 * A schema rule's refusal as a key, for an issue's `params` (`{ message, params: keyed(...) }`): the
 * message stays the API's English, the key lets the console and payment pages word it themselves.
 */
export function keyed<K extends ErrorKey>(key: K, params: ErrorParams[K]): { refusal: ErrorMessage } {
  return { refusal: { key, params } as ErrorMessage };
}

/** The issue's own English: schema messages name their field; zod's defaults get it in front. */
function englishOf(issue: z.core.$ZodIssue, field: string): string {
  const last = String(issue.path.at(-1) ?? "");
  // "amount must be at least 1", or in words for console forms: "deposit callback URL must be ..." for
  // depositCallbackUrl.
  const words = last.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  if (!field || issue.message.startsWith(last) || issue.message.toLowerCase().startsWith(words)) return issue.message;
  return `${field}: ${issue.message}`;
}

/** A reusable rule's key names no field (`field: ""`): it is the issue's. */
function withField(given: ErrorMessage | undefined, field: string): ErrorMessage | undefined {
  const params = given?.params as { field?: unknown } | undefined;
  return given && params?.field === "" ? ({ ...given, params: { ...params, field } } as ErrorMessage) : given;
}

/** One refusal per violated rule: the schema's key where it gives one, else a key for zod's kind of issue. */
export function describeIssue(issue: z.core.$ZodIssue): ErrorMessage[] {
  if (issue.code === "unrecognized_keys") return issue.keys.map((field) => refusal("unknownField", { field }));
  const field = issue.path.join(".");
  const given = withField((issue as { params?: { refusal?: ErrorMessage } }).params?.refusal, field);
  const rule = englishOf(issue, field);
  // The schema's key, as long as its English is what the API answered before keys (else by kind, below).
  if (issue.code === "custom" && given && wordError(given, ENGLISH_ERRORS) === rule) return [given];
  switch (issue.code) {
    case "invalid_type":
      return [
        issue.input === undefined
          ? refusal("missing", { field, rule })
          : refusal("wrongType", { field, rule, expected: issue.expected }),
      ];
    case "too_big":
      return [refusal("tooBig", { field, rule, limit: String(issue.maximum), of: issue.origin })];
    case "too_small":
      return [refusal("tooSmall", { field, rule, limit: String(issue.minimum), of: issue.origin })];
    case "invalid_format":
      return [refusal("badFormat", { field, rule, format: issue.format })];
    case "invalid_value":
      return [refusal("notAllowed", { field, rule, options: issue.values.map(String).join(", ") })];
    default:
      return [refusal("ruleBroken", { field, rule })];
  }
}

/** Parses with a zod schema; a failure is a VALIDATION refusal with one message per violated rule (422 at the API). */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw DomainError.validation(result.error.issues.flatMap(describeIssue));
}
