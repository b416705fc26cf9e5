import { prisma } from "@/lib/base/db/prisma";
import { createProvider } from "@/lib/domain/providers/create-provider";
import { listProviders } from "@/lib/domain/providers/list-providers";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { updateProvider } from "@/lib/domain/providers/update-provider";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import { updateProviderSettings } from "@/lib/domain/providers/update-provider-settings";
import { booleanFlag, listed, positiveInt, rotateSecretCommand, setIpsCommand, updateCommand, type Commands } from "./command";
import { list } from "./parse-args";

/** A changed provider as provider:list shows it. */
const shown = async (id: number) => (await listProviders({ id }))[0];

const findProvider = (id: number) => prisma.provider.findUnique({ where: { id } });

/** Providers: the console's Providers pages (create, profile, whitelist, settings, secret, verification key). */
export const PROVIDER_COMMANDS: Commands = {
  "provider:create": {
    usage: "--name N --ips a,b [--deposit-callback-url U] [--withdrawal-callback-url U] [--card-callback-url U]",
    flags: ["name", "ips", "deposit-callback-url", "withdrawal-callback-url", "card-callback-url"],
    run: ({ flags }, actor) =>
      createProvider(
        {
          name: flags.name!,
          ips: list(flags.ips),
          depositCallbackUrl: flags["deposit-callback-url"],
          withdrawalCallbackUrl: flags["withdrawal-callback-url"],
          creditCardCallbackUrl: flags["card-callback-url"],
        },
        actor,
      ),
  },
  "provider:list": {
    usage: "",
    flags: [],
    run: async () => listed("providers", await listProviders()),
  },
  "provider:update": updateCommand({
    what: "Provider",
    usage: '[--name N] [--active true|false] [--deposit-callback-url U|""] [--withdrawal-callback-url U|""] [--card-callback-url U|""]',
    fields: ["name", "active", "deposit-callback-url", "withdrawal-callback-url", "card-callback-url"],
    load: findProvider,
    save: (id, flags, current, actor) =>
      updateProvider(
        id,
        {
          name: flags.name ?? current.name,
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
          depositCallbackUrl: flags["deposit-callback-url"] ?? current.depositCallbackUrl ?? "",
          withdrawalCallbackUrl: flags["withdrawal-callback-url"] ?? current.withdrawalCallbackUrl ?? "",
          creditCardCallbackUrl: flags["card-callback-url"] ?? current.creditCardCallbackUrl ?? "",
        },
        actor,
      ),
    shown,
  }),
  "provider:set-ips": setIpsCommand((id, text, actor) => updateAccountIpWhitelist("provider", id, text, actor), shown),
  "provider:settings": updateCommand({
    what: "Provider",
    usage: '[--rate-limit N|""] [--embed-origins https://a.example,https://b.example|""]',
    fields: ["rate-limit", "embed-origins"],
    load: findProvider,
    save: (id, flags, current, actor) =>
      updateProviderSettings(id, { rateLimitPerMinute: flags["rate-limit"] ?? current.rateLimitPerMinute, embedOrigins: flags["embed-origins"] ?? current.embedOrigins }, actor),
    shown,
  }),
  "provider:rotate-secret": rotateSecretCommand((id, actor, grace) => rotateAccountSecret("provider", id, actor, grace)),
  "provider:rotate-verification-key": {
    usage: "--id ID",
    flags: ["id"],
    run: ({ flags }, actor) => rotateVerificationKey(positiveInt(flags.id, "id"), actor),
  },
};
