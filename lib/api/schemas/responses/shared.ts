import { z } from "zod";

/** Building blocks of the response and callback schemas; the OpenAPI document is generated from them. */

export const spaceDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  .meta({
    description: "YYYY-MM-DD HH:MM:SS in the service time zone (Europe/Istanbul unless configured)",
    examples: ["2026-11-22 14:05:09"],
  });

export const localIsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
  .meta({
    description: "ISO 8601 local date-time without offset, in the service time zone",
    examples: ["2026-11-22T14:05:09"],
  });

export const offsetIsoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
  .meta({
    description: "ISO 8601 with the UTC offset of the service time zone",
    examples: ["2026-11-22T14:05:09+03:00"],
  });

export const moneyNumber = z
  .number()
  .min(0)
  .meta({ description: "Amount in TRY as a JSON number with at most two decimals", examples: [1500.5] });

export const moneyString = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .meta({ description: "Amount in TRY as a decimal string with two places", examples: ["1500.00"] });

/** PREFIX-XXXXXXXX-<unix seconds> (provider-api.md, "Tracking code shapes"). */
export function trackingCodeSchema(prefix: string) {
  return z
    .string()
    .regex(new RegExp(`^${prefix}-[A-Z0-9]{8}-\\d+$`))
    .meta({
      description: `Tracking code: ${prefix}-, an 8-character group, then the Unix time in seconds`,
      examples: [`${prefix}-7K2M9QXD-1795860309`],
    });
}

export const siteRefSchema = z.strictObject({ id: z.number().int(), name: z.string() });

export const customerSchema = z.strictObject({
  fullname: z.string(),
  username: z.string(),
  user_id: z.string().meta({ description: "The customer's identifier in the provider's system" }),
});

export const paymentUrlSchema = z.url().meta({ description: "Hosted payment page to redirect the customer to" });

export const envelopeTimestamp = spaceDateTime.meta({
  description: "Server time of the response, YYYY-MM-DD HH:MM:SS",
});

export const ok = z.literal(true);
