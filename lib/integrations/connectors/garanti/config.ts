import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * One Garanti BBVA virtual POS terminal (GVP) as the connector needs it. The defaults are Garanti's public
 * test hosts (as listed in mewebstudio/pos config/pos_test.php); live they are
 * https://sanalposprov.garanti.com.tr/servlet/gt3dengine and .../VPServlet, which the bank hands the merchant
 * with the terminal.
 *
 * GVP signs with a provision user's password, never sends it: each user ("PROVAUT" for sales and
 * inquiries, "PROVOOS" for the common payment page where the terminal has one, "PROVRFN" for voids and
 * refunds) has a password set in the GVP panel. The payment page and the inquiries use `userId`/`password`;
 * voids and refunds need the refund user (GVP refuses them from the others).
 */
export const GARANTI_TEST_GATEWAY_URL = "https://sanalposprovtest.garantibbva.com.tr/servlet/gt3dengine";
export const GARANTI_TEST_API_URL = "https://sanalposprovtest.garantibbva.com.tr/VPServlet";

/** Garanti's live hosts: a configuration pointing at them must say `mode: "PROD"`, and the test hosts `TEST`. */
const LIVE_HOSTS = new Set(["sanalposprov.garanti.com.tr", "sanalposprov.garantibbva.com.tr"]);
const TEST_HOSTS = new Set(["sanalposprovtest.garanti.com.tr", "sanalposprovtest.garantibbva.com.tr"]);

const httpUrl = partnerUrl();
const userName = z.string().trim().min(1).max(32);
const secret = z.string().min(1).max(128);

export const garantiConfigSchema = z
  .object({
    /** The merchant number ("Üye İşyeri No", `terminalmerchantid` / `MerchantID`). */
    merchantId: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, "must be the merchant number (digits)"),
    /** The terminal number (8 digits, `terminalid` / `ID`; padded to 9 in the security data). */
    terminalId: z
      .string()
      .trim()
      .regex(/^\d{8}$/, "must be the 8-digit terminal number"),
    /** The provision user of the payment page and the inquiries (PROVAUT, or PROVOOS where the terminal has one). */
    userId: userName,
    /** That user's provision password; it never leaves this server, only its SHA-1 with the terminal does. */
    password: secret,
    /** The 3-D Secure store key set in the GVP panel: signs our form and the bank's return. */
    storeKey: secret,
    /** The refund user (PROVRFN): GVP takes voids and refunds only from it. */
    refundUserId: userName.default("PROVRFN"),
    refundPassword: secret,
    gatewayUrl: httpUrl.default(GARANTI_TEST_GATEWAY_URL),
    apiUrl: httpUrl.default(GARANTI_TEST_API_URL),
    /** GVP's `mode`: TEST on the test hosts, PROD on the live ones. */
    mode: z.enum(["TEST", "PROD"]).default("TEST"),
    /** The payment page's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /** The company name the payment page shows the customer (`companyname`); unset, the bank shows its own. */
    companyName: z.string().trim().min(1).max(64).optional(),
    /**
     * Half 3-D Secure (mdStatus 2-4: the card or its issuer did not take part, only an attempt was made, so
     * there is no liability shift) counts as paid only where the dealer accepts it. Off, such a charge fails
     * the payment (the bank charged it: see docs/connectors.md).
     */
    acceptHalf3D: z.boolean().default(false),
    /** How long an API call (inquiry, void, refund) may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict()
  .superRefine((config, ctx) => {
    for (const key of ["gatewayUrl", "apiUrl"] as const) {
      const host = URL.canParse(config[key]) ? new URL(config[key]).hostname : "";
      if (config.mode === "TEST" && LIVE_HOSTS.has(host))
        ctx.addIssue({ code: "custom", path: ["mode"], message: `must be PROD for Garanti's live host (${key})` });
      if (config.mode === "PROD" && TEST_HOSTS.has(host))
        ctx.addIssue({ code: "custom", path: ["mode"], message: `must be TEST for Garanti's test host (${key})` });
    }
  });

export type GarantiConfig = z.infer<typeof garantiConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const GARANTI_SECRET_KEYS = ["password", "storeKey", "refundPassword"] as const;
