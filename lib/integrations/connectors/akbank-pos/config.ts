import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * One Akbank virtual POS terminal on the bank's JSON platform ("Yeni Sanal POS", API version 1.00), as the connector
 * needs it. The defaults are Akbank's public test hosts, as mewebstudio/pos lists them (config/pos_test.php):
 * the hosted payment page https://virtualpospaymentgatewaypre.akbank.com/payhosting and the API
 * https://apipre.akbank.com/api/v1/payment/virtualpos. Live they are virtualpospaymentgateway.akbank.com and
 * api.akbank.com (config/pos_production.php), handed to the merchant with the terminal.
 *
 * The terminal is named by two 32-character "safe ids" from the bank's merchant portal (merchantSafeId,
 * terminalSafeId); one secret key signs everything both ways (HMAC-SHA512, crypt.ts): our hosted-page form, the
 * bank's return, and each API request (the `auth-hash` header). The secret itself is never sent.
 */
export const AKBANK_TEST_GATEWAY_URL = "https://virtualpospaymentgatewaypre.akbank.com/payhosting";
export const AKBANK_TEST_API_URL = "https://apipre.akbank.com/api/v1/payment/virtualpos";

/** Akbank's live and test hosts: one configuration must not mix them (a live page with a test API, or the reverse). */
const LIVE_HOSTS = new Set(["virtualpospaymentgateway.akbank.com", "api.akbank.com"]);
const TEST_HOSTS = new Set(["virtualpospaymentgatewaypre.akbank.com", "apipre.akbank.com"]);

/** A safe id as the portal gives it (the published test ones are 32 upper-case hex-like characters). */
const safeId = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,64}$/, `must be the ${what} (letters and digits, as the Akbank portal shows it)`);

export const akbankPosConfigSchema = z
  .object({
    /** The merchant's safe id (`merchantSafeId`, "Üye İşyeri No" on the portal). */
    merchantId: safeId("merchant safe id"),
    /** The terminal's safe id (`terminalSafeId`). */
    terminalId: safeId("terminal safe id"),
    /** The secret key of the terminal (the published test one is 128 hex characters): signs both ways. */
    secretKey: z.string().min(16).max(512),
    gatewayUrl: partnerUrl().default(AKBANK_TEST_GATEWAY_URL),
    apiUrl: partnerUrl().default(AKBANK_TEST_API_URL),
    /** The payment page's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /**
     * Half 3-D Secure (an attempt without the issuer's check: no liability shift) counts as paid only where the
     * dealer accepts it. Akbank's hosted page signs no 3-D level in its return (only an approval after its own 3-D
     * step), and its order history none at all: see docs/connectors.md.
     */
    acceptHalf3D: z.boolean().default(false),
    /** How long an API call (history, cancel, refund) may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict()
  .superRefine((config, ctx) => {
    const kinds = (["gatewayUrl", "apiUrl"] as const).map((key) => {
      const host = URL.canParse(config[key]) ? new URL(config[key]).hostname : "";
      return LIVE_HOSTS.has(host) ? "live" : TEST_HOSTS.has(host) ? "test" : "other";
    });
    if (kinds.includes("live") && kinds.includes("test"))
      ctx.addIssue({
        code: "custom",
        path: ["apiUrl"],
        message: "gatewayUrl and apiUrl must both be Akbank's live hosts or both its test hosts",
      });
  });

export type AkbankPosConfig = z.infer<typeof akbankPosConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const AKBANK_POS_SECRET_KEYS = ["secretKey"] as const;
