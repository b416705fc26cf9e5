import { z } from "zod";
import { optionalDay, optionalId, optionalText, pageParam } from "./filter-fields";

/** Filters of the console's deliveries list, read from the query string; bad values are ignored. */
export const deliveryFiltersSchema = z.object({
  state: z.enum(["PENDING", "DELIVERED", "EXHAUSTED", "NO_URL"]).optional().catch(undefined),
  kind: z
    .enum(["PROVIDER_DEPOSIT", "PROVIDER_WITHDRAWAL", "PROVIDER_CARD", "DEALER_CARD", "TEST"])
    .optional()
    .catch(undefined),
  providerId: optionalId,
  dealerId: optionalId,
  trackingCode: optionalText(100),
  from: optionalDay,
  to: optionalDay,
  page: pageParam,
});

export type DeliveryFilters = z.infer<typeof deliveryFiltersSchema>;
