import { z } from "zod";
import { DEFAULT_SITE_SCOPES, SITE_SCOPES, type SiteScope } from "@/lib/domain/schemas/site-scopes";
import { dbIdSchema, requiredString } from "./common";
import { ipWhitelistTextSchema } from "./ip-whitelist";

export const MAX_SITE_ORIGINS = 20;

const ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** Whitelist entries as the console's editor takes them (text, one per line or comma-separated) or as a list (CLI). */
const ipsSchema = z.preprocess((v) => (Array.isArray(v) ? v.join("\n") : (v ?? "")), ipWhitelistTextSchema);

/** The website's origins (scheme and host, https), separated by white space or commas; duplicates dropped. */
const originsSchema = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? [])),
  z
    .array(
      z
        .string({ error: "origins must be text" })
        .regex(ORIGIN, "origins must look like https://shop.example (https, a host and an optional port, no path)"),
    )
    .max(MAX_SITE_ORIGINS, `at most ${MAX_SITE_ORIGINS} origins`)
    .transform((list) => [...new Set(list.map((o) => o.toLowerCase()))]),
);

/** Kept in the table's order, each once. */
const scopesSchema = z
  .array(z.enum(SITE_SCOPES, { error: `scopes must be among ${SITE_SCOPES.join(", ")}` }))
  .min(1, "give the integration at least one scope")
  .transform((list) => SITE_SCOPES.filter((scope) => list.includes(scope)));

const fields = {
  name: requiredString("name", 100),
  ips: ipsSchema,
  origins: originsSchema,
};

export const createSiteIntegrationSchema = z.strictObject({
  dealerId: dbIdSchema,
  ...fields,
  scopes: scopesSchema.default([...DEFAULT_SITE_SCOPES]),
});
/** IPs and origins come as a list (CLI) or as the console's text; absent means none. */
type Lists = { ips?: string | string[]; origins?: string | string[] };

export type CreateSiteIntegrationInput = Lists & { dealerId: number; name: string; scopes?: SiteScope[] };

export const updateSiteIntegrationSchema = z.strictObject({
  ...fields,
  scopes: scopesSchema,
  isActive: z.boolean({ error: "active must be true or false" }),
});
export type UpdateSiteIntegrationInput = Lists & { name: string; scopes: SiteScope[]; isActive: boolean };
