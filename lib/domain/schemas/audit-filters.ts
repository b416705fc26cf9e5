import { z } from "zod";
import { optionalDay, optionalText, pageParam } from "./filter-fields";

/** Filters of the console's audit log, read from the query string; bad values are ignored. */
export const auditFiltersSchema = z.object({
  entityType: z
    .string()
    .regex(/^[a-z_]{1,50}$/)
    .optional()
    .catch(undefined),
  entityId: optionalText(50),
  actor: optionalText(100),
  action: optionalText(60),
  from: optionalDay,
  to: optionalDay,
  page: pageParam,
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;
