import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * The EST (Asseco/Payten) virtual POS as one merchant store sees it. The defaults are Asseco's public
 * integration (test) host; each bank's live host replaces them, e.g. Akbank
 * https://www.sanalakpos.com/fim/est3Dgate and .../fim/api, İşbank https://sanalpos.isbank.com.tr/fim/...,
 * Ziraat https://sanalpos2.ziraatbank.com.tr/fim/..., TEB https://sanalpos.teb.com.tr/fim/... (as listed in
 * mewebstudio/pos config/pos_production.php; the bank hands the merchant its host with the credentials).
 */
export const EST_TEST_GATEWAY_URL = "https://entegrasyon.asseco-see.com.tr/fim/est3Dgate";
export const EST_TEST_API_URL = "https://entegrasyon.asseco-see.com.tr/fim/api";

export const estConfigSchema = z
  .object({
    /** The store's merchant number ("Mağaza No"), sent as `clientid` / `ClientId`. */
    clientId: z.string().trim().min(1).max(32),
    /** The 3-D store key set in the merchant panel; signs the gate form and the bank's return. */
    storeKey: z.string().min(1).max(128),
    /** The API user (a user of role "API" created in the merchant panel), sent as `Name`. */
    username: z.string().trim().min(1).max(64),
    password: z.string().min(1).max(128),
    gatewayUrl: partnerUrl().default(EST_TEST_GATEWAY_URL),
    apiUrl: partnerUrl().default(EST_TEST_API_URL),
    /** The gate page's language; unset, it follows the customer's language. */
    lang: z.enum(["tr", "en"]).optional(),
    /** How long an API call (status, refund) may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
    /**
     * Half 3-D Secure (mdStatus 2-4: the card or issuer did not take part, no liability shift) counts as
     * paid only when the dealer accepts it; off, such a charge fails the payment and asks staff to refund it.
     */
    acceptHalf3D: z.boolean().default(false),
    /**
     * How many order history queries a second the daily reconciliation sends (EST has no list: it asks each order
     * of the day in turn). EST publishes no rate limit; five a second keeps a busy day's questions from crowding
     * out the store's own calls.
     */
    reportCallsPerSecond: z.number().min(0.1).max(20).default(5),
  })
  .strict();

export type EstConfig = z.infer<typeof estConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const EST_SECRET_KEYS = ["storeKey", "password"] as const;
