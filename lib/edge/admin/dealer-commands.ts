import { DEALER_SWITCH_NAMES } from "@/lib/domain/payment-methods/dealer-switches";
import { createDealer } from "@/lib/domain/dealers/create-dealer";
import { dealerMethods, listDealers } from "@/lib/domain/dealers/list-dealers";
import { findDealer, updateDealer } from "@/lib/domain/dealers/update-dealer";
import type { DEALER_METHODS } from "@/lib/domain/schemas/dealer";
import { accountCommands } from "./account-commands";
import { booleanFlag, type Commands } from "./command";
import { list } from "./parse-args";

type DealerMethod = (typeof DEALER_METHODS)[number];

/** Dealers: the console's Dealers pages (create, settings, whitelist, secret). */
export const DEALER_COMMANDS: Commands = accountCommands("dealer", {
  create: {
    usage:
      `--name N --methods ${DEALER_SWITCH_NAMES.join(",")} [--card-callback-url U] [--ips a,b] ` +
      `[--welcome-message M]`,
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
  list: listDealers,
  update: {
    usage:
      `[--name N] [--active true|false] [--methods ${DEALER_SWITCH_NAMES.join(",")}|""] [--welcome-message ` +
      `M|""] [--card-callback-url U|""]`,
    fields: ["name", "active", "methods", "welcome-message", "card-callback-url"],
    load: findDealer,
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
  },
});
