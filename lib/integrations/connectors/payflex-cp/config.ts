import { z } from "zod";
import { partnerUrl } from "../partner-url";

/**
 * One VakıfBank PayFlex merchant as the Common Payment ("Ortak Ödeme", CP v4) connector needs it. The same merchant
 * number and password serve the common payment page (RegisterTransaction, VposTransaction) and the bank's virtual POS
 * services (Vposreq.aspx for voids and refunds, Search.aspx for the status search), as mewebstudio/pos's
 * PayFlexAccount serves both PayFlexCPV4Pos and PayFlexV4Pos. The defaults are VakıfBank's public test hosts
 * (mewebstudio/pos config/pos_test.php 'vakifbank-cp' and 'vakifbank'); live they are
 * https://cpweb.vakifbank.com.tr/CommonPayment/api/... and https://onlineodeme.vakifbank.com.tr:4443/...
 * (config/pos_production.php). Ziraat and İşbank run the same PayFlex software on hosts they hand the merchant.
 */
export const PAYFLEX_CP_TEST_GATEWAY_URL = "https://cptest.vakifbank.com.tr/CommonPayment/api/RegisterTransaction";
export const PAYFLEX_CP_TEST_API_URL = "https://cptest.vakifbank.com.tr/CommonPayment/api/VposTransaction";
export const PAYFLEX_TEST_VPOS_API_URL = "https://onlineodemetest.vakifbank.com.tr:4443/VposService/v3/Vposreq.aspx";
export const PAYFLEX_TEST_QUERY_URL = "https://onlineodemetest.vakifbank.com.tr:4443/UIService/Search.aspx";

/** VakıfBank's live and test hosts: a configuration naming them must say the matching `mode`. */
const LIVE_HOSTS = new Set(["cpweb.vakifbank.com.tr", "onlineodeme.vakifbank.com.tr"]);
const TEST_HOSTS = new Set(["cptest.vakifbank.com.tr", "onlineodemetest.vakifbank.com.tr"]);

const httpUrl = partnerUrl();
const URL_KEYS = ["gatewayUrl", "apiUrl", "vposApiUrl", "queryUrl"] as const;

export const payflexCpConfigSchema = z
  .object({
    /** The merchant number ("Üye İşyeri No"), sent as HostMerchantId (and MerchantId to the virtual POS). */
    merchantId: z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, "must be the merchant number (up to 15 digits)"),
    /** The terminal number (HostTerminalId, "VP000579"). */
    terminalId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,8}$/, "must be the terminal number (up to 8 letters and digits, VP000579)"),
    /** The merchant password set in the PayFlex panel (MerchantPassword / Password): it authenticates every call. */
    password: z.string().min(1).max(64),
    /** The common payment registration (RegisterTransaction), where each checkout is registered server to server. */
    gatewayUrl: httpUrl.default(PAYFLEX_CP_TEST_GATEWAY_URL),
    /** The common payment query (VposTransaction): the bank's answer about a checkout the customer came back from. */
    apiUrl: httpUrl.default(PAYFLEX_CP_TEST_API_URL),
    /** The virtual POS transaction service (Vposreq.aspx): voids (Cancel) and refunds (Refund). */
    vposApiUrl: httpUrl.default(PAYFLEX_TEST_VPOS_API_URL),
    /** The virtual POS search (Search.aspx): an order's transactions, for status, refunds and reconciliation. */
    queryUrl: httpUrl.default(PAYFLEX_TEST_QUERY_URL),
    /** TEST on VakıfBank's test hosts, PROD on its live ones (a mix-up is refused). */
    mode: z.enum(["TEST", "PROD"]).default("TEST"),
    /** The payment page's language; unset, it follows the customer's. */
    lang: z.enum(["tr", "en"]).optional(),
    /**
     * This service's address as registered at the bank, sent as ClientIp with voids and refunds (the customer's
     * address is not known then). Unset, the element is left out.
     */
    clientIp: z.union([z.ipv4(), z.ipv6()]).optional(),
    /**
     * Half 3-D Secure (a card outside the 3-D Secure programme, charged without the cardholder's check: no liability
     * shift) is accepted only where the dealer accepts it: off, the page is registered with AllowNotEnrolledCard=false
     * and a charge the bank does not show as fully authenticated fails the payment (staff are asked to refund it).
     */
    acceptHalf3D: z.boolean().default(false),
    /** How long one call may take before it is treated as "try again". */
    timeoutMs: z.number().int().min(1000).max(120_000).default(20_000),
    /**
     * How many status searches a second the daily reconciliation sends (the search takes an order, not a period: it
     * asks each order of the day in turn). VakıfBank publishes no limit; five a second leaves room for
     * the shop's own calls.
     */
    reportCallsPerSecond: z.number().min(0.1).max(20).default(5),
  })
  .strict()
  .superRefine((config, ctx) => {
    for (const key of URL_KEYS) {
      const host = URL.canParse(config[key]) ? new URL(config[key]).hostname : "";
      if (config.mode === "TEST" && LIVE_HOSTS.has(host))
        ctx.addIssue({ code: "custom", path: ["mode"], message: `must be PROD for VakıfBank's live host (${key})` });
      if (config.mode === "PROD" && TEST_HOSTS.has(host))
        ctx.addIssue({ code: "custom", path: ["mode"], message: `must be TEST for VakıfBank's test host (${key})` });
    }
  });

export type PayflexCpConfig = z.infer<typeof payflexCpConfigSchema>;

/** Keys encrypted at rest and shown masked. */
export const PAYFLEX_CP_SECRET_KEYS = ["password"] as const;
