export type AuditChange = { field: string; before?: string; after?: string };

const MAX_VALUE_LENGTH = 200;

function show(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}…` : text;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What an entry changed, field by field: fields present on one side only, or different on both. Snapshots
 * that are not objects compare as a whole. Unchanged fields are left out; the raw JSON stays available.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const has = (v: unknown) => v !== null && v !== undefined;
  if (!isRecord(before) || !isRecord(after)) {
    if (isRecord(before) && !has(after))
      return auditChanges(before, {}).map(({ field, before: b }) => ({ field, before: b }));
    if (isRecord(after) && !has(before)) return auditChanges({}, after);
    if (!has(before) && !has(after)) return [];
    return JSON.stringify(before) === JSON.stringify(after)
      ? []
      : [
          {
            field: "value",
            before: has(before) ? show(before) : undefined,
            after: has(after) ? show(after) : undefined,
          },
        ];
  }
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((field) => ({
      field,
      before: field in before ? show(before[field]) : undefined,
      after: field in after ? show(after[field]) : undefined,
    }));
}
