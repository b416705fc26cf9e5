import { z } from "zod";

/** Operational settings of a provider that admins change in the console. */
export const providerSettingsSchema = z.object({
  rateLimitPerMinute: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? null : Number(v)),
    z
      .number({ error: "rate limit must be a whole number" })
      .int("rate limit must be a whole number")
      .min(1, "rate limit must be at least 1")
      .max(100_000, "rate limit must be at most 100000")
      .nullable(),
  ),
  embedOrigins: z.preprocess(
    (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
    z.array(z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/i, "embed origins must look like https://casino.example")),
  ),
});
