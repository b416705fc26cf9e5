/**
 * What the domain refuses, without HTTP: the API wrapper maps the code to the contract's status and body,
 * the console to words in the operator's language. `messages` carries one line per violated rule
 * (VALIDATION); `reason` lets an edge word a refusal itself instead of repeating the English message.
 */
export type DomainErrorCode = "NOT_FOUND" | "INVALID_TRANSITION" | "VALIDATION" | "FORBIDDEN" | "CONFLICT";

export type TransitionRefusal = {
  trackingCode: string;
  from: string;
  to: string;
  /** Who asked, as the lifecycle table names actors. */
  actor: string;
  /** Who the table lets make this move instead (empty: nobody, there is no such move). */
  allowed: string[];
  /** Why, in one word: no such move, not this actor, a guard, the amount, or the binding to a gateway. */
  why: "no_move" | "actor" | "guard" | "amount" | "binding" | "evidence";
};

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: { title?: string; messages?: string[]; reason?: TransitionRefusal } = {},
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

  static invalidTransition(message: string, reason: TransitionRefusal): DomainError {
    return new DomainError("INVALID_TRANSITION", message, { title: "Invalid state transition", reason });
  }
}
