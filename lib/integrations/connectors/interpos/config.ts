import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * One Denizbank InterVPOS merchant ("üye işyeri") as the connector needs it. The defaults are InterVPOS's public
 * test hosts, as mewebstudio/pos config/pos_test.php lists them; live they are
 * https://inter-vpos.com.tr/mpi/3DHost.aspx
 * and .../mpi/Default.aspx (config/pos_production.php), which the bank hands the merchant with the credentials.
 *
 * InterVPOS names the merchant `ShopCode`; API calls carry the API user's `UserCode` and `UserPass` in the body (the
 * 3D_HOST form carries neither, mewebstudio/pos examples/interpos/3d-host/_config.php); the 3-D store key
 * (`MerchantPass` in the bank's panel) signs our payment form and the bank's return.
 */
export const INTERPOS_TEST_GATEWAY_URL = "https://test.inter-vpos.com.tr/mpi/3DHost.aspx";
export const INTERPOS_TEST_API_URL = "https://test.inter-vpos.com.tr/mpi/Default.aspx";

const TEST_HOST = "test.inter-vpos.com.tr";
const LIVE_HOST = "inter-vpos.com.tr";

export const interposConfigSchema = z
  .object({
    /** The merchant number (`ShopCode`). */
    merchantId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,20}$/, "must be the InterVPOS shop code (letters and digits)"),
    /** The API user (`UserCode`) of status inquiries, voids and refunds. */
    username: z.string().trim().min(1).max(64),
    /** That user's password (`UserPass`), sent in the body of each API call. */
    password: z.string().min(1).max(128),
    /** The 3-D store key (`MerchantPass`): signs our payment form and the bank's return. */
    storeKey: z.string().min(1).max(128),
    gatewayUrl: partnerUrl().default(INTERPOS_TEST_GATEWAY_URL),
    apiUrl: partnerUrl().default(INTERPOS_TEST_API_URL),
    /** The payment page's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /**
     * Half 3-D Secure (mdStatus 2-4: the card or its issuer did not take part, only an attempt was made, so there is
     * no liability shift) counts as paid only where the dealer accepts it; off, such a charge fails the payment and
     * staff are asked to refund it.
     */
    acceptHalf3D: z.boolean().default(false),
    /** How long an API call (status, void, refund) may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
    /**
     * How many StatusHistory queries a second the daily reconciliation sends (InterVPOS has no list: it asks each
     * order of the day in turn). The bank publishes no rate limit; five a second leaves room for the shop's own calls.
     */
    reportCallsPerSecond: z.number().min(0.1).max(20).default(5),
  })
  .strict()
  .superRefine((config, ctx) => {
    // The test and live hosts hold different merchants: a form on one and inquiries on the other cannot both be right.
    const host = (url: string) => (URL.canParse(url) ? new URL(url).hostname : "");
    const hosts = [host(config.gatewayUrl), host(config.apiUrl)];
    if (hosts.includes(TEST_HOST) && hosts.includes(LIVE_HOST))
      ctx.addIssue({
        code: "custom",
        path: ["apiUrl"],
        message: "gatewayUrl and apiUrl must both be InterVPOS's test host or both its live host",
      });
  });

export type InterposConfig = z.infer<typeof interposConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const INTERPOS_SECRET_KEYS = ["password", "storeKey"] as const;
