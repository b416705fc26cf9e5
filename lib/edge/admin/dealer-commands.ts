import { prisma } from "@/lib/base/db/prisma";
import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { dealerMethods, listDealers } from "@/lib/domain/dealers/list-dealers";
import { rotateAccountSecret } from "@/lib/domain/accounts/rotate-account-secret";
import { updateDealer } from "@/lib/domain/dealers/update-dealer";
import { updateAccountIpWhitelist } from "@/lib/domain/accounts/update-account-ip-whitelist";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";
import { booleanFlag, listed, rotateSecretCommand, setIpsCommand, updateCommand, type Commands } from "./command";
import { list } from "./parse-args";

type DealerMethod = (typeof DEALER_METHODS)[number];

/** A changed dealer as dealer:list shows it. */
const shown = async (id: number) => (await listDealers({ id }))[0];

/** Dealers: the console's Dealers pages (create, settings, whitelist, secret). */
export const DEALER_COMMANDS: Commands = {
  "dealer:create": {
    usage: `--name N --methods ${DEALER_SWITCH_NAMES.join(",")} [--card-callback-url U] [--ips a,b] [--welcome-message M]`,
    flags: ["name", "methods", "card-callback-url", "ips", "welcome-message"],
    run: ({ flags }, actor) =>
      createDealer(
        {
          name: flags.name!,
          methods: list(flags.methods) as DealerMethod[] | undefined,
          creditCardCallbackUrl: flags["card-callback-url"],
          ips: list(flags.ips),
          welcomeMessage: flags["welcome-message"],
        },
        actor,
      ),
  },
  "dealer:list": {
    usage: "",
    flags: [],
    run: async () => listed("dealers", await listDealers()),
  },
  "dealer:update": updateCommand({
    what: "Dealer",
    usage: `[--name N] [--active true|false] [--methods ${DEALER_SWITCH_NAMES.join(",")}|""] [--welcome-message M|""] [--card-callback-url U|""]`,
    fields: ["name", "active", "methods", "welcome-message", "card-callback-url"],
    load: (id) => prisma.dealer.findUnique({ where: { id } }),
    save: (id, flags, current, actor) =>
      updateDealer(
        id,
        {
          name: flags.name ?? current.name,
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
          methods: (list(flags.methods) as DealerMethod[] | undefined) ?? dealerMethods(current),
          welcomeMessage: flags["welcome-message"] ?? current.welcomeMessage ?? "",
          creditCardCallbackUrl: flags["card-callback-url"] ?? current.creditCardCallbackUrl ?? "",
        },
        actor,
      ),
    shown,
  }),
  "dealer:set-ips": setIpsCommand((id, text, actor) => updateAccountIpWhitelist("dealer", id, text, actor), shown),
  "dealer:rotate-secret": rotateSecretCommand((id, actor, grace) => rotateAccountSecret("dealer", id, actor, grace)),
};
