import { z } from "zod";
import { dbIdSchema, MAX_INT4, requiredString, storableString } from "./common";
import { keyed } from "./validate";

const httpAddress = (v: string) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v);

/**
 * Where the payment page's final screens and cancels send the customer back (with the outcome and tracking
 * code as query parameters): an http(s) address of the site.
 */
const returnUrl = storableString
  .trim()
  .max(2000, "return URL must be at most 2000 characters")
  .refine((v) => v === "" || httpAddress(v), {
    message: "return URL must be an http:// or https:// address",
    params: keyed("httpUrl", { field: "returnUrl" }),
  });

/** Optional on an edit (empty: none; sites made before return URLs were required may still have none). */
const returnUrlSchema = returnUrl.transform((v) => v || null).optional();

/** Required for a new site: every customer gets a way back (docs/integration.md). */
const newReturnUrlSchema = returnUrl.refine((v) => v !== "", {
  message: "return URL is required",
  params: keyed("required", { field: "returnUrl" }),
});

/** The company behind the site, as the payment page names it ("Operated by ..."); empty for none. */
const legalNameSchema = storableString
  .trim()
  .max(200, "legal name must be at most 200 characters")
  .transform((v) => v || null)
  .optional();

/** The site's logo on the payment page: an http(s) image address (the page's CSP allows its origin); empty for none. */
const logoUrlSchema = storableString
  .trim()
  .max(2000, "logo URL must be at most 2000 characters")
  .refine((v) => v === "" || httpAddress(v), {
    message: "logo URL must be an http:// or https:// address",
    params: keyed("httpUrl", { field: "logoUrl" }),
  })
  .transform((v) => v || null)
  .optional();

/** The gateways the site offers on its third-party deposit pages: ids, as a list or "1,2,3". */
export const siteGatewayIdsSchema = z.preprocess(
  (raw) =>
    typeof raw === "string"
      ? raw
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : raw,
  z.array(dbIdSchema, { error: "gateways must be a list of gateway ids" }).max(200),
);

export const createSiteSchema = z.strictObject({
  providerId: dbIdSchema,
  dealerId: dbIdSchema,
  name: requiredString("name"),
  returnUrl: newReturnUrlSchema,
  legalName: legalNameSchema,
  logoUrl: logoUrlSchema,
  gatewayIds: siteGatewayIdsSchema.optional(),
});
export type CreateSiteInput = z.input<typeof createSiteSchema>;

/**
 * A site as admins edit it: its name, the dealer whose accounts take its payments, the active flag and what its payment
 * page shows.
 */
export const updateSiteSchema = z.strictObject({
  name: requiredString("name"),
  dealerId: z.coerce
    .number({ error: "choose a dealer" })
    .int("choose a dealer")
    .positive("choose a dealer")
    .max(MAX_INT4, "choose a dealer"),
  isActive: z.boolean({ error: "active must be true or false" }),
  returnUrl: returnUrlSchema,
  legalName: legalNameSchema,
  logoUrl: logoUrlSchema,
});
export type UpdateSiteInput = z.input<typeof updateSiteSchema>;
