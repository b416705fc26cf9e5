import { prisma } from "@/lib/db/prisma";
import { createProvider } from "@/lib/providers/create-provider";
import { listProviders } from "@/lib/providers/list-providers";
import { rotateProviderSecret } from "@/lib/providers/rotate-provider-secret";
import { rotateVerificationKey } from "@/lib/providers/rotate-verification-key";
import { updateProvider } from "@/lib/providers/update-provider";
import { updateProviderIpWhitelist } from "@/lib/providers/update-provider-ip-whitelist";
import { updateProviderSettings } from "@/lib/providers/update-provider-settings";
import { booleanFlag, listed, notFound, positiveInt, requireSomeFlag, rotateSecretCommand, setIpsCommand, type Commands } from "./command";
import { list } from "./parse-args";

/** A changed provider as provider:list shows it. */
const shown = async (id: number) => (await listProviders({ id }))[0];

const PROFILE_FLAGS = ["name", "active", "deposit-callback-url", "withdrawal-callback-url", "card-callback-url"];

async function currentProvider(id: number) {
  return (await prisma.provider.findUnique({ where: { id } })) ?? notFound("Provider", id);
}

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
  "provider:update": {
    usage: '--id ID [--name N] [--active true|false] [--deposit-callback-url U|""] [--withdrawal-callback-url U|""] [--card-callback-url U|""]',
    flags: ["id", ...PROFILE_FLAGS],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      requireSomeFlag(flags, PROFILE_FLAGS);
      const current = await currentProvider(id);
      await updateProvider(
        id,
        {
          name: flags.name ?? current.name,
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
          depositCallbackUrl: flags["deposit-callback-url"] ?? current.depositCallbackUrl ?? "",
          withdrawalCallbackUrl: flags["withdrawal-callback-url"] ?? current.withdrawalCallbackUrl ?? "",
          creditCardCallbackUrl: flags["card-callback-url"] ?? current.creditCardCallbackUrl ?? "",
        },
        actor,
      );
      return shown(id);
    },
  },
  "provider:set-ips": setIpsCommand(updateProviderIpWhitelist, shown),
  "provider:settings": {
    usage: '--id ID [--rate-limit N|""] [--embed-origins https://a.example,https://b.example|""]',
    flags: ["id", "rate-limit", "embed-origins"],
    run: async ({ flags }, actor) => {
      const id = positiveInt(flags.id, "id");
      requireSomeFlag(flags, ["rate-limit", "embed-origins"]);
      const current = await currentProvider(id);
      await updateProviderSettings(
        id,
        { rateLimitPerMinute: flags["rate-limit"] ?? current.rateLimitPerMinute, embedOrigins: flags["embed-origins"] ?? current.embedOrigins },
        actor,
      );
      return shown(id);
    },
  },
  "provider:rotate-secret": rotateSecretCommand(rotateProviderSecret),
  "provider:rotate-verification-key": {
    usage: "--id ID",
    flags: ["id"],
    run: ({ flags }, actor) => rotateVerificationKey(positiveInt(flags.id, "id"), actor),
  },
};
