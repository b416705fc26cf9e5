import { z } from "zod";
import { DISCREPANCY_KINDS } from "./recon-types";
import { optionalDay, optionalId } from "@/lib/domain/schemas/filter-fields";

/** A discrepancy's states (prisma/schema.prisma, ReconDiscrepancy): open and proposed are unresolved. */
export const DISCREPANCY_STATUSES = ["open", "proposed", "accepted", "explained", "cleared"] as const;
export type DiscrepancyStatus = (typeof DISCREPANCY_STATUSES)[number];

/** Filters of the console's Reconciliation page and its export, read from the query string; bad values are ignored. */
export const reconFiltersSchema = z
  .object({
    from: optionalDay,
    to: optionalDay,
    dealerId: optionalId,
    providerId: optionalId,
    // Not in the form: the days table's links name a gateway's account by it.
    gatewayId: optionalId,
    // A connector's registry name ("est-v3", "paytr", "http-partner").
    partner: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/)
      .optional()
      .catch(undefined),
    kind: z.enum(DISCREPANCY_KINDS).optional().catch(undefined),
    status: z.enum(DISCREPANCY_STATUSES).optional().catch(undefined),
  })
  // A range typed the wrong way round is read the right way round (the page says so).
  .transform((f) => {
    const reversed = f.from !== undefined && f.to !== undefined && f.from > f.to;
    return reversed ? { ...f, from: f.to, to: f.from, reversed } : { ...f, reversed };
  });

export type ReconFilters = z.output<typeof reconFiltersSchema>;

/** The filters as the list and the export read them, without the page's own note. */
export function reconQuery(filters: ReconFilters) {
  const { from, to, dealerId, providerId, gatewayId, partner, kind, status } = filters;
  return { from, to, dealerId, providerId, gatewayId, partner, kind, status };
}
