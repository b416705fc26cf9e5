import { findGateway } from "@/lib/domain/third-party/find-gateway";
import { THIRD_PARTY_KINDS } from "@/lib/domain/payment-methods/third-party-kinds";
import { gatewaySummary, listAllGateways } from "@/lib/domain/third-party/list-all-gateways";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { gatewayNotifyUrl } from "@/lib/integrations/gateways/third-party-gateway";
import { gatewayMethodOf, type GatewayMethod } from "@/lib/domain/payment-methods";
import { DomainError } from "@/lib/base/errors/domain-error";
import type { GatewayInput } from "@/lib/domain/schemas/gateway";
import type { ConnectorChoice } from "@/lib/domain/third-party/gateway-config";
import { connectorFlags } from "./connector-flags";
import { booleanFlag, listed, positiveInt, updateCommand, type Commands } from "./command";
import { refusal } from "@/lib/base/messages/errors";

/** The third-party kinds, as the payment-method table names them. */
const METHODS = THIRD_PARTY_KINDS;
const FIELD_FLAGS = [
  "method",
  "name",
  "code",
  "min",
  "max",
  "crypto-types",
  "required-fields",
  "description",
  "description-tr",
  "active",
  "connector",
  "config",
];
const FIELDS_USAGE =
  "[--crypto-types USDT-TRC20,BTC] [--required-fields iban,account_holder,...] [--description D (English)] " +
  "[--description-tr D (Turkish)] [--active true|false] [--connector http-partner --config JSON]";

function method(value: string | undefined): GatewayMethod | undefined {
  if (value === undefined) return undefined;
  if (!(METHODS as readonly string[]).includes(value.toLowerCase()))
    throw DomainError.validation([refusal("methodFlagOneOf", { names: METHODS.join(", ") })]);
  return value.toUpperCase() as GatewayMethod;
}

/** The form the console submits, from the flags over the gateway's current values (none for a new one). */
function gatewayInput(
  flags: Record<string, string>,
  current: Partial<GatewayInput>,
): GatewayInput & Partial<ConnectorChoice> {
  return {
    ...(connectorFlags(flags) ?? {}),
    method: method(flags.method) ?? current.method,
    name: flags.name ?? current.name,
    code: flags.code ?? current.code,
    minAmount: flags.min ?? current.minAmount,
    maxAmount: flags.max ?? current.maxAmount,
    supportedCryptoTypes: flags["crypto-types"] ?? current.supportedCryptoTypes,
    requiredFields: flags["required-fields"] ?? current.requiredFields,
    description: flags.description ?? current.description,
    descriptionTr: flags["description-tr"] ?? current.descriptionTr,
    isActive: booleanFlag(flags.active, "active") ?? current.isActive,
  } as GatewayInput & Partial<ConnectorChoice>; // the schemas say what is missing or wrong
}

const NEW_GATEWAY: Partial<GatewayInput> = {
  supportedCryptoTypes: [],
  requiredFields: [],
  description: "",
  descriptionTr: "",
  isActive: true,
};

/** Third-party bank, crypto and wallet gateways: the console's Gateways page. */
export const GATEWAY_COMMANDS: Commands = {
  "gateway:add": {
    usage: `--method ${METHODS.join("|")} --name N --code C --min 10 --max 50000 ${FIELDS_USAGE}`,
    flags: FIELD_FLAGS,
    run: async ({ flags }, actor) => {
      if (flags.method === undefined)
        throw DomainError.validation([refusal("methodFlagRequired", { names: METHODS.join(", ") })]);
      const saved = await saveGateway(undefined, gatewayInput(flags, NEW_GATEWAY), actor);
      // The gateway's own webhook secret is printed this once, for its partner (as the console shows it once).
      return { ...gatewaySummary(saved), webhook_secret: saved.webhookSecret, notify_url: gatewayNotifyUrl(saved) };
    },
  },
  "gateway:rotate-secret": {
    usage: "--id ID [--grace SECONDS (the old secret keeps verifying notifications that long)]",
    flags: ["id", "grace"],
    run: async ({ flags }, actor) => {
      const grace = flags.grace === undefined ? 0 : Number(flags.grace);
      const rotated = await rotateGatewaySecret(positiveInt(flags.id, "id"), actor, grace);
      return {
        id: rotated.id,
        code: rotated.code,
        webhook_secret: rotated.webhookSecret,
        previous_secret_valid_until: rotated.previousValidTo?.toISOString() ?? null,
      };
    },
  },
  "gateway:list": {
    usage: `[--method ${METHODS.join("|")}]`,
    flags: ["method"],
    run: async ({ flags }) => listed("gateways", await listAllGateways(method(flags.method))),
  },
  "gateway:update": updateCommand({
    what: "gateway",
    usage: `[--method M] [--name N] [--code C] [--min X] [--max Y] ${FIELDS_USAGE}`,
    fields: FIELD_FLAGS,
    load: findGateway,
    save: async (id, flags, row, actor) =>
      gatewaySummary(
        await saveGateway(
          id,
          gatewayInput(flags, {
            ...row,
            method: gatewayMethodOf(row.method),
            minAmount: row.minAmount.toFixed(2),
            maxAmount: row.maxAmount.toFixed(2),
          }),
          actor,
        ),
      ),
  }),
};
