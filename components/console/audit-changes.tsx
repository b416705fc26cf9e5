import { auditChanges } from "@/lib/domain/audit/audit-changes";
import { describeAuditValue, isDescribedAuditValue } from "@/lib/edge/console/describe-audit-value";
import { fieldLabel } from "@/lib/edge/console/field-label";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * An entry's before/after as the fields that changed (named in the operator's language); the full snapshots stay one
 * click away.
 */
export function AuditChanges({
  action,
  before,
  after,
  t: messages,
}: {
  action: string;
  before: unknown;
  after: unknown;
  t: ConsoleMessages;
}) {
  const t = messages.audit;
  const changes = auditChanges(before, after);
  // Times, money, yes/no, empty values and stored enums in the operator's words; other values are data, shown as
  // recorded.
  const value = (field: string, v: string) => describeAuditValue(field, v, messages);
  const translated = (field: string, v: string) => (isDescribedAuditValue(field, v, messages) ? undefined : "no");
  if (changes.length === 0) return <span className="text-slate-500">{t.noField}</span>;
  return (
    <div className="flex flex-col gap-1">
      <ul className="flex flex-col gap-0.5">
        {changes.map((c) => (
          <li key={c.field} className="wrap-anywhere">
            <span className="font-medium" title={c.field}>
              {fieldLabel(c.field, messages)}
            </span>
            :{" "}
            {c.before !== undefined && (
              <del
                className="text-red-700"
                aria-label={`${t.before}: ${value(c.field, c.before)}`}
                translate={translated(c.field, c.before)}
              >
                {value(c.field, c.before)}
              </del>
            )}
            {c.before !== undefined && c.after !== undefined && " → "}
            {c.after !== undefined && (
              <ins
                className="text-emerald-800 no-underline"
                aria-label={`${t.after}: ${value(c.field, c.after)}`}
                translate={translated(c.field, c.after)}
              >
                {value(c.field, c.after)}
              </ins>
            )}
          </li>
        ))}
      </ul>
      <details className="text-xs text-slate-600">
        <summary className="cursor-pointer">{t.asRecorded}</summary>
        <pre
          translate="no"
          className={
            "mt-1 max-h-64 overflow-auto rounded bg-slate-900 p-2 whitespace-pre-wrap wrap-anywhere " + "text-slate-100"
          }
        >
          {`${action}\n${t.before}: ${JSON.stringify(before ?? null, null, 2)}\n${t.after}: ` +
            `${JSON.stringify(after ?? null, null, 2)}`}
        </pre>
      </details>
    </div>
  );
}
