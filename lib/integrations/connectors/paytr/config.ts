import { z } from "zod";
import { partnerUrl } from "../partner-url";

/** PayTR's one host: live and test stores use the same URLs (a store's test mode is set in its panel). */
export const PAYTR_BASE_URL = "https://www.paytr.com";

/**
 * A PayTR store as the connector needs it. The three credentials are on the merchant panel's
 * "Destek & Kurulum > Entegrasyon Bilgileri" page: `merchantId` (Mağaza No), `merchantKey` (Mağaza Parola,
 * the HMAC key) and `merchantSalt` (Mağaza Gizli Anahtar, appended to every signed string). `baseUrl` is where
 * every call and the payment frame go (tests point it at the simulator); its origin is the only one the
 * payment step's policy lets the frame show. `testMode` sends `test_mode=1` (a test payment on a live store);
 * unset, a notification flagged as a test is refused, so a test payment can never credit a live balance.
 */
export const paytrConfigSchema = z
  .object({
    merchantId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, "must be the store number PayTR gave (digits)"),
    merchantKey: z.string().min(1).max(128),
    merchantSalt: z.string().min(1).max(128),
    baseUrl: partnerUrl()
      .default(PAYTR_BASE_URL)
      .transform((url) => url.replace(/\/+$/, "")),
    testMode: z.boolean().default(false),
    /** The payment frame's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /** How long a call (token, status, refund) may take before it counts as "retry". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict();

export type PaytrConfig = z.infer<typeof paytrConfigSchema>;

export const PAYTR_SECRET_KEYS = ["merchantKey", "merchantSalt"] as const;
