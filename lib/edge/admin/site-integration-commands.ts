import { SITE_SCOPES } from "@/lib/domain/schemas/site-scopes";
import { createSiteIntegration } from "@/lib/domain/site-integrations/create-site-integration";
import { listSiteIntegrations } from "@/lib/domain/site-integrations/list-site-integrations";
import { revokeSiteIntegration } from "@/lib/domain/site-integrations/revoke-site-integration";
import { rotateSiteIntegrationSecret } from "@/lib/domain/site-integrations/rotate-site-integration-secret";
import { findSiteIntegration, updateSiteIntegration } from "@/lib/domain/site-integrations/update-site-integration";
import {
  booleanFlag,
  listed,
  optionalId,
  positiveInt,
  rotateSecretCommand,
  updateCommand,
  type Commands,
} from "./command";
import { list } from "./parse-args";

type Scope = (typeof SITE_SCOPES)[number];
const scopes = (value: string | undefined) => list(value) as Scope[] | undefined;

/** Site integrations: the dealer page's Site integrations panel (issue, change, new secret, revoke). */
export const SITE_INTEGRATION_COMMANDS: Commands = {
  "site-integration:create": {
    usage:
      `--dealer ID --name N [--scopes ${SITE_SCOPES.join(",")} (default settings,deposits,card-payments)] ` +
      `[--ips a,b] [--origins https://shop.example]`,
    flags: ["dealer", "name", "scopes", "ips", "origins"],
    run: ({ flags }, actor) =>
      createSiteIntegration(
        {
          dealerId: positiveInt(flags.dealer, "dealer"),
          name: flags.name!,
          scopes: scopes(flags.scopes),
          ips: list(flags.ips),
          origins: list(flags.origins),
        },
        actor,
      ),
  },
  "site-integration:list": {
    usage: "[--dealer ID]",
    flags: ["dealer"],
    run: async ({ flags }) =>
      listed("site_integrations", await listSiteIntegrations({ dealerId: optionalId(flags.dealer, "dealer") })),
  },
  "site-integration:update": updateCommand({
    what: "site_integration",
    usage: '[--name N] [--scopes a,b] [--ips a,b|""] [--origins a,b|""] [--active true|false]',
    fields: ["name", "scopes", "ips", "origins", "active"],
    load: findSiteIntegration,
    save: (id, flags, current, actor) =>
      updateSiteIntegration(
        id,
        {
          name: flags.name ?? current.name,
          scopes: scopes(flags.scopes) ?? (current.scopes as Scope[]),
          ips: list(flags.ips) ?? current.ipWhitelist,
          origins: list(flags.origins) ?? current.allowedOrigins,
          isActive: booleanFlag(flags.active, "active") ?? current.isActive,
        },
        actor,
      ),
  }),
  "site-integration:rotate-secret": rotateSecretCommand(rotateSiteIntegrationSecret),
  "site-integration:revoke": {
    usage: "--id ID",
    flags: ["id"],
    run: ({ flags }, actor) => revokeSiteIntegration(positiveInt(flags.id, "id"), actor),
  },
};
