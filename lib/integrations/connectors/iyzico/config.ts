import { z } from "zod";
import { partnerUrl } from "../partner-url";

/** iyzico's sandbox; the live API is https://api.iyzipay.com (the merchant panel gives live keys). */
export const IYZICO_SANDBOX_URL = "https://sandbox-api.iyzipay.com";

/**
 * An iyzico merchant's credentials. Both keys come from the merchant panel (Settings > Company Settings);
 * sandbox keys start with "sandbox-". `baseUrl` is where the official client sends every call (tests point
 * it at the simulator); `timeoutMs` bounds each call, after which the call counts as "retry".
 */
export const iyzicoConfigSchema = z
  .object({
    apiKey: z.string().trim().min(1),
    secretKey: z.string().trim().min(1),
    baseUrl: partnerUrl()
      .default(IYZICO_SANDBOX_URL)
      .transform((url) => url.replace(/\/+$/, "")),
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict();

export type IyzicoConfig = z.infer<typeof iyzicoConfigSchema>;

export const IYZICO_SECRET_KEYS = ["secretKey"] as const;
