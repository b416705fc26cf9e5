import { DomainError } from "@/lib/errors/domain-error";
import { ApiError } from "./api-error";

const STATUS: Record<DomainError["code"], number> = { NOT_FOUND: 404, INVALID_TRANSITION: 409, VALIDATION: 422, FORBIDDEN: 403, CONFLICT: 409 };

/** The contract's shape for a domain refusal (decisions §4): 422 with messages, the rest {success, error, message}. */
export function fromDomainError(error: DomainError): ApiError {
  if (error.code === "VALIDATION") return ApiError.validation(error.details.messages ?? [error.message]);
  const title = error.details.title ?? (error.code === "NOT_FOUND" ? "Not found" : "Conflict");
  return ApiError.plain(STATUS[error.code], title, error.message);
}

/** Either kind of refusal as the API's error; anything else is not a refusal (null). */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return null;
}
