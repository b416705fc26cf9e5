import { z } from "zod";
import { isProduction } from "@/lib/base/config/dev-secrets";
import { partnerUrl } from "../partner-url";

/**
 * Papara's test host as Papara's Node client names it (`merchant-api.test.papara.com`; its PHP client names
 * `merchant.test.api.papara.com`); live is https://merchant-api.papara.com. The merchant panel's API page
 * (merchant.test.papara.com/APIInfo on test) shows the API key.
 */
export const PAPARA_TEST_URL = "https://merchant-api.test.papara.com";

/**
 * A Papara merchant account as the connector needs it: `apiKey` (sent as the `ApiKey` header on every call)
 * and `baseUrl`. `merchantSecretKey` is the panel's secret key, which Papara puts into every payment
 * notification: a notification carrying another is refused before anything else (required in production). Either way a
 * notification is believed only through Papara's own answer about the payment (the connector asks
 * `GET /payments?id=`), as Papara's documentation advises.
 */
export const paparaConfigSchema = z
  .object({
    apiKey: z.string().trim().min(1).max(256),
    baseUrl: partnerUrl()
      .default(PAPARA_TEST_URL)
      .transform((url) => url.replace(/\/+$/, "")),
    merchantSecretKey: z.string().min(1).max(256).optional(),
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict()
  // Papara signs nothing: without the panel's secret key in every notification, each forged POST would make us ask
  // Papara's API with our key, which anyone could use up.
  .refine((c) => c.merchantSecretKey !== undefined || !isProduction(), {
    message: "is required in production: Papara puts it in every notification, and nothing else tells a forged one",
    path: ["merchantSecretKey"],
  });

export type PaparaConfig = z.infer<typeof paparaConfigSchema>;

export const PAPARA_SECRET_KEYS = ["apiKey", "merchantSecretKey"] as const;
