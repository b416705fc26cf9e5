/**
 * What the domain refuses, without HTTP: the API wrapper maps the code to the contract's status and body,
 * the console to words in the operator's language. `messages` carries one line per violated rule
 * (VALIDATION); `reason` lets an edge word a refusal itself instead of repeating the English message;
 * `errorCode` is a business code the contract names (the dealer API's E-IBAN errors, decisions §4);
 * `retryAfterSeconds` says when a request that is still in progress may be asked about again.
 */
export type DomainErrorCode = "NOT_FOUND" | "INVALID_TRANSITION" | "VALIDATION" | "FORBIDDEN" | "CONFLICT" | "UNAUTHENTICATED" | "IN_PROGRESS";

export type TransitionRefusal = {
  trackingCode: string;
  from: string;
  to: string;
  /** Who asked, as the lifecycle table names actors. */
  actor: string;
  /** Who the table lets make this move instead (empty: nobody, there is no such move). */
  allowed: string[];
  /**
   * Why, in one word: no such move, not this actor, a guard, the amount, the binding to a gateway, the
   * bank's payment as evidence, the bank's reference, or a second admin (four eyes) still to confirm it.
   */
  why: "no_move" | "actor" | "guard" | "amount" | "binding" | "evidence" | "reference" | "four_eyes";
};

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { title?: string; messages?: string[]; reason?: TransitionRefusal; errorCode?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "DomainError";
  }

  static notFound(message: string): DomainError {
    return new DomainError("NOT_FOUND", message, { title: "Not found" });
  }

  static validation(messages: string[]): DomainError {
    return new DomainError("VALIDATION", messages.join(" "), { messages });
  }

  static conflict(title: string, message: string): DomainError {
    return new DomainError("CONFLICT", message, { title });
  }

  static forbidden(title: string, message: string): DomainError {
    return new DomainError("FORBIDDEN", message, { title });
  }

  /** A caller the domain cannot identify (an unknown credential key). */
  static unauthenticated(title: string, message: string): DomainError {
    return new DomainError("UNAUTHENTICATED", message, { title });
  }

  /** A refusal that carries the contract's business code (INVALID_IBAN, WALLET_NOT_ASSIGNED, ...). */
  static coded(code: "VALIDATION" | "FORBIDDEN", errorCode: string, message: string): DomainError {
    return new DomainError(code, message, { errorCode });
  }

  /** The same request (Idempotency-Key) is still being worked on; ask again after `retryAfterSeconds`. */
  static inProgress(retryAfterSeconds: number): DomainError {
    return new DomainError("IN_PROGRESS", "A request with this Idempotency-Key is still being processed.", {
      title: "Request in progress",
      retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)),
    });
  }

  static invalidTransition(message: string, reason: TransitionRefusal): DomainError {
    return new DomainError("INVALID_TRANSITION", message, { title: "Invalid state transition", reason });
  }
}
