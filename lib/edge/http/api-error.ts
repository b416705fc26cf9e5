/** The one error type route code throws; withApiErrors turns it into the contract's response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === "string" ? body.message : String(body.error ?? status));
  }

  /** Auth/access shape (decisions §3): {success:false, error:<spec text>, message:<sentence>}. */
  static access(status: 401 | 403, error: string, message: string): ApiError {
    return new ApiError(status, { success: false, error, message });
  }

  /** Validation shape (decisions §4): 422 with one message per violated rule. */
  static validation(messages: string[]): ApiError {
    return new ApiError(422, { success: false, error: "Validation failed", messages });
  }

  /** Dealer E-IBAN business errors (decisions §4). */
  static code(status: number, errorCode: string, message: string): ApiError {
    return new ApiError(status, { success: false, error_code: errorCode, message });
  }

  static plain(status: number, error: string, message: string): ApiError {
    return new ApiError(status, { success: false, error, message });
  }
}
