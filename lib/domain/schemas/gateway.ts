import { z } from "zod";
import { amountSchema, requiredString, storableString } from "./common";
import { compareDecimal } from "@/lib/base/money/compare-decimal";
import { GATEWAY_METHODS, type GatewayMethod } from "@/lib/domain/payment-methods";

const ACCOUNT_FIELDS = ["iban", "account_holder", "crypto_type", "wallet_address", "wallet_number"] as const;

const list = (raw: unknown) =>
  typeof raw === "string"
    ? raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : raw;

/** "A, B or C". */
const oneOf = (names: readonly string[]) => `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;

/** A gateway as admins edit it in the console. */
export const gatewaySchema = z
  .object({
    method: z.enum(GATEWAY_METHODS as [GatewayMethod, ...GatewayMethod[]], {
      error: `method must be ${oneOf(GATEWAY_METHODS)}`,
    }),
    name: requiredString("name"),
    code: requiredString("code", 64).regex(/^[a-z0-9-]+$/, "code may contain lowercase letters, digits and dashes"),
    minAmount: amountSchema({ min: "0.01", allowString: true, field: "min_amount" }),
    maxAmount: amountSchema({ min: "0.01", allowString: true, field: "max_amount" }),
    requiredFields: z.preprocess(
      list,
      z.array(z.enum(ACCOUNT_FIELDS, { error: `required fields must be among ${ACCOUNT_FIELDS.join(", ")}` })),
    ),
    supportedCryptoTypes: z.preprocess(
      list,
      z.array(z.string().regex(/^[A-Z0-9]+(-[A-Z0-9]+)?$/, "crypto types look like USDT-TRC20 or BTC")),
    ),
    /** What the payment page says about it: in English, and in Turkish (each shown only on pages in its language). */
    description: storableString.trim().max(500).default(""),
    descriptionTr: storableString.trim().max(500).default(""),
    isActive: z.boolean(),
  })
  .refine((g) => compareDecimal(g.minAmount, g.maxAmount) <= 0, {
    message: "min_amount must not exceed max_amount",
    path: ["minAmount"],
  })
  .refine((g) => g.method !== "CRYPTO" || g.supportedCryptoTypes.length > 0, {
    message: "a crypto gateway needs at least one crypto type",
    path: ["supportedCryptoTypes"],
  });

export type GatewayInput = z.input<typeof gatewaySchema>;
