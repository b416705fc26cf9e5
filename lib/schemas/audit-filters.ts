import { z } from "zod";

const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => v || undefined).catch(undefined);
const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)))
  .optional()
  .catch(undefined);

/** Filters of the console's audit log, read from the query string; bad values are ignored. */
export const auditFiltersSchema = z.object({
  entityType: z.string().regex(/^[a-z_]{1,50}$/).optional().catch(undefined),
  entityId: optionalText(50),
  actor: optionalText(100),
  action: optionalText(60),
  from: optionalDate,
  to: optionalDate,
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
});

export type AuditFilters = z.infer<typeof auditFiltersSchema>;
