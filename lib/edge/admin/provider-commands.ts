import { createProvider } from "@/lib/domain/providers/create-provider";
import { listProviders } from "@/lib/domain/providers/list-providers";
import { rotateVerificationKey } from "@/lib/domain/providers/rotate-verification-key";
import { findProvider, updateProvider } from "@/lib/domain/providers/update-provider";
import { updateProviderSettings } from "@/lib/domain/providers/update-provider-settings";
import { accountCommands } from "./account-commands";
import { booleanFlag, positiveInt, updateCommand, type Commands } from "./command";
import { list } from "./parse-args";

/** Providers: the console's Providers pages (create, profile, whitelist, settings, secret, verification key). */
export const PROVIDER_COMMANDS: Commands = accountCommands("provider", {
  create: {
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
  list: listProviders,
  update: {
    usage:
      '[--name N] [--active true|false] [--deposit-callback-url U|""] [--withdrawal-callback-url U|""] ' +
      '[--card-callback-url U|""]',
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
  },
  settings: {
    "provider:settings": updateCommand({
      what: "provider",
      usage: '[--rate-limit N|""] [--embed-origins https://a.example,https://b.example|""]',
      fields: ["rate-limit", "embed-origins"],
      load: findProvider,
      save: (id, flags, current, actor) =>
        updateProviderSettings(
          id,
          {
            rateLimitPerMinute: flags["rate-limit"] ?? current.rateLimitPerMinute,
            embedOrigins: flags["embed-origins"] ?? current.embedOrigins,
          },
          actor,
        ),
      shown: async (id) => (await listProviders({ id }))[0],
    }),
  },
  more: {
    "provider:rotate-verification-key": {
      usage: "--id ID",
      flags: ["id"],
      run: ({ flags }, actor) => rotateVerificationKey(positiveInt(flags.id, "id"), actor),
    },
  },
});
