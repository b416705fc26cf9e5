import { z } from "zod";
import { partnerUrl } from "../partner-url";

/** The sandbox host NOWPayments documents for testing; live is https://api.nowpayments.io/v1. */
export const NOWPAYMENTS_SANDBOX_URL = "https://api-sandbox.nowpayments.io/v1";
const LIVE_HOST = "api.nowpayments.io";

/**
 * A NOWPayments account as the connector needs it. `apiKey` signs every call (header `x-api-key`),
 * `ipnSecret` verifies notifications; the payout API also wants the dashboard's `email`/`password` (for a
 * 5-minute JWT) and the account's TOTP `twoFactorSecret` (base32, from enabling 2FA in the app) to verify
 * each payout batch without a person typing the code.
 *
 * `sandboxCase` is NOWPayments' sandbox `case`: the sandbox takes no coins, it plays the flow the create-payment
 * request names (its documentation: `success`, `partially_paid`, ...) and sends the IPNs of it. Without it a
 * sandbox payment stays `waiting`, so on the sandbox host it defaults to `success`; the live host refuses it.
 */
export const nowpaymentsConfigSchema = z
  .object({
    apiKey: z.string().min(1),
    ipnSecret: z.string().min(1),
    baseUrl: partnerUrl()
      .default(NOWPAYMENTS_SANDBOX_URL)
      .transform((url) => url.replace(/\/+$/, "")),
    email: z.string().min(1),
    password: z.string().min(1),
    twoFactorSecret: z.string().regex(/^[A-Za-z2-7\s=]+$/, "must be the base32 2FA secret"),
    /** How long one call may take before it is retried. */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
    sandboxCase: z
      .string()
      .regex(/^[a-z_]{1,32}$/, "must be one of the sandbox's case names (success, partially_paid, ...)")
      .optional(),
  })
  .strict()
  .refine((config) => !(config.sandboxCase && new URL(config.baseUrl).hostname === LIVE_HOST), {
    message: "sandboxCase is for NOWPayments' sandbox only",
    path: ["sandboxCase"],
  });

/** The sandbox `case` to send with a new payment: the configured one, `success` on the sandbox host, else none. */
export function sandboxCaseOf(config: { baseUrl: string; sandboxCase?: string }): string | null {
  return config.sandboxCase ?? (config.baseUrl === NOWPAYMENTS_SANDBOX_URL ? "success" : null);
}

export type NowpaymentsConfig = z.infer<typeof nowpaymentsConfigSchema>;

export const NOWPAYMENTS_SECRET_KEYS = ["apiKey", "ipnSecret", "password", "twoFactorSecret"] as const;
