import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { refusal, wordError, type ErrorMessage } from "@/lib/base/messages/errors";
import type { TransitionRefusal } from "@/lib/base/messages/transition-refusal";

/**
 * What the domain refuses, without HTTP: the API wrapper maps the code to the contract's status and body,
 * the console and the payment pages to words in the reader's language. `refusals` are keys and parameters
 * (lib/base/messages/errors.ts), one per violated rule; `details.messages` their English words (VALIDATION,
 * the API's lines); `reason` lets an edge word a lifecycle refusal itself;
 * `errorCode` is a business code the contract names (the dealer API's E-IBAN errors, decisions §4);
 * `retryAfterSeconds` says when a request that is still in progress may be asked about again.
 */
export type DomainErrorCode =
  "NOT_FOUND" | "INVALID_TRANSITION" | "VALIDATION" | "FORBIDDEN" | "CONFLICT" | "UNAUTHENTICATED" | "IN_PROGRESS";

export type { TransitionRefusal };

export class DomainError extends Error {
  /** `messages`: for VALIDATION, the English words of each refusal, the API's lines (one per rule). */
  readonly details: {
    title?: string;
    messages?: string[];
    reason?: TransitionRefusal;
    errorCode?: string;
    retryAfterSeconds?: number;
  };

  constructor(
    readonly code: DomainErrorCode,
    /** What is refused, as keys and parameters (one per violated rule); each edge words them in its language. */
    readonly refusals: ErrorMessage[],
    details: { title?: string; reason?: TransitionRefusal; errorCode?: string; retryAfterSeconds?: number } = {},
  ) {
    const messages = refusals.map((r) => wordError(r, ENGLISH_ERRORS));
    super(messages.join(" "));
    this.name = "DomainError";
    this.details = code === "VALIDATION" ? { ...details, messages } : details;
  }

  static notFound(refused: ErrorMessage): DomainError {
    return new DomainError("NOT_FOUND", [refused], { title: "Not found" });
  }

  static validation(refused: ErrorMessage[]): DomainError {
    return new DomainError("VALIDATION", refused);
  }

  static conflict(title: string, refused: ErrorMessage): DomainError {
    return new DomainError("CONFLICT", [refused], { title });
  }

  static forbidden(title: string, refused: ErrorMessage): DomainError {
    return new DomainError("FORBIDDEN", [refused], { title });
  }

  /** A caller the domain cannot identify (an unknown credential key). */
  static unauthenticated(title: string, refused: ErrorMessage): DomainError {
    return new DomainError("UNAUTHENTICATED", [refused], { title });
  }

  /** A refusal that carries the contract's business code (INVALID_IBAN, WALLET_NOT_ASSIGNED, ...). */
  static coded(
    code: "VALIDATION" | "FORBIDDEN" | "CONFLICT",
    errorCode: string,
    refused: ErrorMessage,
    title?: string,
  ): DomainError {
    return new DomainError(code, [refused], title === undefined ? { errorCode } : { title, errorCode });
  }

  /** The same request (Idempotency-Key) is still being worked on; ask again after `retryAfterSeconds`. */
  static inProgress(retryAfterSeconds: number): DomainError {
    return new DomainError("IN_PROGRESS", [refusal("inProgress")], {
      title: "Request in progress",
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    });
  }

  static invalidTransition(refused: ErrorMessage, reason: TransitionRefusal): DomainError {
    return new DomainError("INVALID_TRANSITION", [refused], { title: "Invalid state transition", reason });
  }
}
