import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * One PayFor merchant as the connector needs it. PayFor is the virtual POS platform of QNB Finansbank (also run
 * for Enpara's merchants, which are QNB's) and of Ziraat Katılım; the institution is named by `MbrId` ("Kurum
 * Kodu": 5 QNB Finansbank, 12 Ziraat Katılım, mewebstudio/pos src/Entity/Account/PayForAccount.php). The defaults
 * are QNB Finansbank's public test hosts (mewebstudio/pos config/pos_test.php); live they are
 * https://vpos.qnbfinansbank.com/Gateway/3DHost.aspx and .../XMLGate.aspx.
 *
 * Three secrets, each with its own use: the API user's password (`UserPass`, sent inside every XMLGate request,
 * as PayFor's protocol has it), and the 3-D Secure key (`MerchantPass`), which never leaves this server: it
 * signs our form and the bank's return.
 */
export const PAYFOR_TEST_GATEWAY_URL = "https://vpostest.qnbfinansbank.com/Gateway/3DHost.aspx";
export const PAYFOR_TEST_API_URL = "https://vpostest.qnbfinansbank.com/Gateway/XMLGate.aspx";

/** The institution each known PayFor host belongs to, and whether it is a test host (pos_test.php, pos_production). */
const HOSTS: Record<string, { mbrId: string; test: boolean }> = {
  "vpostest.qnbfinansbank.com": { mbrId: "5", test: true },
  "vpos.qnbfinansbank.com": { mbrId: "5", test: false },
  "payfortestziraatkatilim.cordisnetwork.com": { mbrId: "12", test: true },
  "vpos.ziraatkatilim.com.tr": { mbrId: "12", test: false },
};

const httpUrl = partnerUrl();
const secret = z.string().min(1).max(128);

export const payforConfigSchema = z
  .object({
    /** The merchant number ("Üye İşyeri No", `MerchantID`), 15 digits at QNB. */
    merchantId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, "must be the merchant number (digits)"),
    /** The institution ("Kurum Kodu", `MbrId`): 5 QNB Finansbank (and Enpara), 12 Ziraat Katılım. */
    mbrId: z.enum(["5", "12"]).default("5"),
    /** The API user ("Kullanıcı Kodu", `UserCode`) made in the PayFor panel; it also signs the bank's return. */
    username: z.string().trim().min(1).max(64),
    /** That user's password (`UserPass`), sent with every XMLGate call. */
    password: secret,
    /** The 3-D Secure key ("3D Secure Şifresi", `MerchantPass`): signs our form and the bank's return. */
    storeKey: secret,
    gatewayUrl: httpUrl.default(PAYFOR_TEST_GATEWAY_URL),
    apiUrl: httpUrl.default(PAYFOR_TEST_API_URL),
    /** The payment page's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /**
     * Half 3-D Secure (3DStatus 2-4: the card or its issuer did not take part, only an attempt was made, so there
     * is no liability shift) counts as paid only where the dealer accepts it. Off, such a charge fails the payment
     * (the bank charged it: see docs/connectors.md).
     */
    acceptHalf3D: z.boolean().default(false),
    /** How long an API call (inquiry, void, refund, history) may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
  })
  .strict()
  .superRefine((config, ctx) => {
    // The payment page and the API of one merchant are one bank's, both test or both live; MbrId names that bank.
    const known = (["gatewayUrl", "apiUrl"] as const).map((key) => {
      const host = URL.canParse(config[key]) ? new URL(config[key]).hostname : "";
      return { key, host: HOSTS[host] };
    });
    for (const { key, host } of known) {
      if (host && host.mbrId !== config.mbrId)
        ctx.addIssue({ code: "custom", path: ["mbrId"], message: `must be ${host.mbrId} for the bank of ${key}` });
    }
    const [gateway, api] = known.map((k) => k.host);
    if (gateway && api && gateway.test !== api.test)
      ctx.addIssue({
        code: "custom",
        path: ["apiUrl"],
        message: `must be the ${gateway.test ? "test" : "live"} host, as gatewayUrl is`,
      });
  });

export type PayforConfig = z.infer<typeof payforConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const PAYFOR_SECRET_KEYS = ["password", "storeKey"] as const;
