import { createSite } from "@/lib/domain/sites/create-site";
import { listSites } from "@/lib/domain/sites/list-sites";
import { rotateSiteCredentialKey } from "@/lib/domain/sites/rotate-site-credential-key";
import { setSiteGateways } from "@/lib/domain/sites/set-site-gateways";
import { findSite, updateSite } from "@/lib/domain/sites/update-site";
import { booleanFlag, listed, optionalId, positiveInt, updateCommand, type Commands } from "./command";

/**
 * Sites: the console's Sites page (create, rename/reassign/(de)activate, what the payment page shows and
 * where it returns to, the gateways offered, new credential key).
 */
export const SITE_COMMANDS: Commands = {
  "site:create": {
    usage:
      "--provider ID --dealer ID --name N --return-url URL [--legal-name N] [--logo-url URL] [--gateways ID,ID,...]",
    flags: ["provider", "dealer", "name", "return-url", "legal-name", "logo-url", "gateways"],
    run: ({ flags }, actor) =>
      createSite(
        {
          providerId: positiveInt(flags.provider, "provider"),
          dealerId: positiveInt(flags.dealer, "dealer"),
          name: flags.name!,
          // The schema words a missing return URL ("return URL is required").
          returnUrl: flags["return-url"] ?? "",
          legalName: flags["legal-name"],
          logoUrl: flags["logo-url"],
          gatewayIds: flags.gateways,
        },
        actor,
      ),
  },
  "site:list": {
    usage: "[--provider ID] [--dealer ID]",
    flags: ["provider", "dealer"],
    run: async ({ flags }) =>
      listed(
        "sites",
        await listSites({
          providerId: optionalId(flags.provider, "provider"),
          dealerId: optionalId(flags.dealer, "dealer"),
        }),
      ),
  },
  "site:update": updateCommand({
    what: "site",
    usage:
      "[--name N] [--dealer ID] [--active true|false] [--return-url URL] [--legal-name N (empty: none)] [--logo-url " +
      "URL (empty: none)]",
    fields: ["name", "dealer", "active", "return-url", "legal-name", "logo-url"],
    load: findSite,
    save: (id, flags, current, actor) =>
      updateSite(
        id,
        {
          name: flags.name ?? current.name,
          dealerId: flags.dealer ?? String(current.dealerId),
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
          returnUrl: flags["return-url"],
          legalName: flags["legal-name"],
          logoUrl: flags["logo-url"],
        },
        actor,
      ),
    shown: async (id) => (await listSites({ id }))[0],
  }),
  "site:gateways": {
    usage:
      "--id ID --gateways ID,ID,... (the gateways its deposit pages offer, in place of the current ones; empty: none)",
    flags: ["id", "gateways"],
    run: ({ flags }, actor) => setSiteGateways(positiveInt(flags.id, "id"), flags.gateways ?? "", actor),
  },
  "site:rotate-key": {
    usage: "--id ID",
    flags: ["id"],
    run: ({ flags }, actor) => rotateSiteCredentialKey(positiveInt(flags.id, "id"), actor),
  },
};
