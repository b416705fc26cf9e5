import { prisma } from "@/lib/base/db/prisma";
import { createSite } from "@/lib/domain/sites/create-site";
import { listSites } from "@/lib/domain/sites/list-sites";
import { rotateSiteCredentialKey } from "@/lib/domain/sites/rotate-site-credential-key";
import { updateSite } from "@/lib/domain/sites/update-site";
import { booleanFlag, listed, optionalId, positiveInt, updateCommand, type Commands } from "./command";

/** Sites: the console's Sites page (create, rename/reassign/(de)activate, new credential key). */
export const SITE_COMMANDS: Commands = {
  "site:create": {
    usage: "--provider ID --dealer ID --name N",
    flags: ["provider", "dealer", "name"],
    run: ({ flags }, actor) => createSite({ providerId: positiveInt(flags.provider, "provider"), dealerId: positiveInt(flags.dealer, "dealer"), name: flags.name! }, actor),
  },
  "site:list": {
    usage: "[--provider ID] [--dealer ID]",
    flags: ["provider", "dealer"],
    run: async ({ flags }) => listed("sites", await listSites({ providerId: optionalId(flags.provider, "provider"), dealerId: optionalId(flags.dealer, "dealer") })),
  },
  "site:update": updateCommand({
    what: "site",
    usage: "[--name N] [--dealer ID] [--active true|false]",
    fields: ["name", "dealer", "active"],
    load: (id) => prisma.site.findUnique({ where: { id } }),
    save: (id, flags, current, actor) =>
      updateSite(id, { name: flags.name ?? current.name, dealerId: flags.dealer ?? String(current.dealerId), isActive: booleanFlag(flags.active, "active") ?? current.isActive }, actor),
    shown: async (id) => (await listSites({ id }))[0],
  }),
  "site:rotate-key": {
    usage: "--id ID",
    flags: ["id"],
    run: ({ flags }, actor) => rotateSiteCredentialKey(positiveInt(flags.id, "id"), actor),
  },
};
