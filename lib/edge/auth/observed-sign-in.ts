import { countSignInFailure } from "@/lib/base/observability/business-metrics";
import {
  SECOND_FACTOR_NEEDED,
  TOO_MANY_ATTEMPTS,
  WRONG_SECOND_FACTOR,
} from "@/lib/domain/users/authenticate-console-user";

/**
 * A console sign-in attempt, its failure counted by reason (console_sign_in_failures_total): wrong or unknown
 * credentials (an inactive account reads the same), too many attempts, a wrong second-factor code, or an
 * error. The form asking for the code after a right password is not a failure.
 */
export async function observedSignIn<T>(attempt: () => Promise<T | null>): Promise<T | null> {
  try {
    const user = await attempt();
    if (!user) countSignInFailure("credentials");
    return user;
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    if (message === TOO_MANY_ATTEMPTS) countSignInFailure("too_many_attempts");
    else if (message === WRONG_SECOND_FACTOR) countSignInFailure("second_factor");
    else if (message !== SECOND_FACTOR_NEEDED) countSignInFailure("error");
    throw error;
  }
}
