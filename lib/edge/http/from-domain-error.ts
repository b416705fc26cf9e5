import { DomainError } from "@/lib/base/errors/domain-error";
import { ApiError } from "./api-error";

const STATUS: Record<DomainError["code"], number> = {
  NOT_FOUND: 404,
  INVALID_TRANSITION: 409,
  VALIDATION: 422,
  FORBIDDEN: 403,
  CONFLICT: 409,
  UNAUTHENTICATED: 401,
  IN_PROGRESS: 409,
};

/**
 * The contract's shape for a domain refusal (decisions §3, §4): 422 with messages; a business code as
 * {success, error_code, message}; the rest {success, error, message}, with Retry-After when the domain says when.
 */
export function fromDomainError(error: DomainError): ApiError {
  const status = STATUS[error.code];
  if (error.details.errorCode) return ApiError.code(status, error.details.errorCode, error.message);
  if (error.code === "VALIDATION") return ApiError.validation(error.details.messages ?? [error.message]);
  const title = error.details.title ?? (error.code === "NOT_FOUND" ? "Not found" : "Conflict");
  const retryAfter = error.details.retryAfterSeconds;
  return new ApiError(
    status,
    { success: false, error: title, message: error.message },
    retryAfter === undefined ? {} : { "retry-after": String(retryAfter) },
  );
}

/** Either kind of refusal as the API's error; anything else is not a refusal (null). */
export function asApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (error instanceof DomainError) return fromDomainError(error);
  return null;
}
