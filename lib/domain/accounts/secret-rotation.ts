import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

export const MAX_GRACE_SECONDS = 7 * 24 * 3600;

/**
 * The console's choices, named in the console dictionaries (`labels.grace`) by key; the CLI accepts any
 * whole number of seconds up to the maximum.
 */
export const GRACE_CHOICES = [
  { key: "none", seconds: 0 },
  { key: "hour", seconds: 3600 },
  { key: "day", seconds: 24 * 3600 },
  { key: "week", seconds: MAX_GRACE_SECONDS },
] as const;

/** When the previous secret stops verifying, or null when it stops at once. */
export function graceEnd(graceSeconds: number, now = Date.now()): Date | null {
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_GRACE_SECONDS) {
    throw DomainError.validation([refusal("graceRange", { max: MAX_GRACE_SECONDS })]);
  }
  return graceSeconds > 0 ? new Date(now + graceSeconds * 1000) : null;
}
