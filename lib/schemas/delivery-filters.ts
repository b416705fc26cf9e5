import { z } from "zod";

const optionalText = z.string().trim().max(100).optional().transform((v) => v || undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal("").transform(() => undefined))
  .catch(undefined);

/** Filters of the console's deliveries list, read from the query string; bad values are ignored. */
export const deliveryFiltersSchema = z.object({
  state: z.enum(["PENDING", "DELIVERED", "EXHAUSTED"]).optional().catch(undefined),
  kind: z.enum(["PROVIDER_DEPOSIT", "PROVIDER_WITHDRAWAL", "PROVIDER_CARD", "DEALER_CARD", "TEST"]).optional().catch(undefined),
  providerId: z.coerce.number().int().positive().optional().catch(undefined),
  dealerId: z.coerce.number().int().positive().optional().catch(undefined),
  trackingCode: optionalText,
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export type DeliveryFilters = z.infer<typeof deliveryFiltersSchema>;
