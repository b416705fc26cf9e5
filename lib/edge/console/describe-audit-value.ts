import { fieldLabel } from "./field-label";
import { formatMoney } from "@/lib/base/money/format-money";
import { readNote } from "@/lib/base/messages/english-notes";
import { wordNoteFor } from "@/lib/edge/console/word-note";
import { consoleDay, consoleTime } from "@/lib/edge/console/format";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** A timestamp as JSON writes it (Date.toJSON): always UTC with a Z. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A calendar day (a settlement's paidOn, a statement's day). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Fields that hold money (decimal strings in the snapshots). */
const MONEY_FIELDS = new Set([
  "amount",
  "finalAmount",
  "minAmount",
  "maxAmount",
  "min",
  "max",
  "maxTransactionAmount",
  "refundedTotal",
  "balance",
  "bankBalance",
]);

/** The stored enums a snapshot may carry, by field name, with the words the console already uses for them. */
function enumWords(field: string, t: ConsoleMessages): Record<string, string> | undefined {
  const l = t.labels;
  const byField: Record<string, Record<string, string>> = {
    status: l.status,
    proposedStatus: l.status,
    method: { ...l.method, ...l.gatewayMethod },
    // A transaction's type, or whom a settlement paid.
    direction: { ...l.direction, ...t.ledger.settlements.direction },
    origin: l.origin,
    role: t.roles,
    kind: { ...l.kind, ...l.gatewayMethod },
    state: l.deliveryState,
    actorType: l.actor,
    // A dealer's payment-method switches, and a site integration's scopes.
    methods: l.dealerMethod,
    scopes: t.siteIntegrations.scope,
  };
  return byField[field];
}

/**
 * A transition's note as its audit entry recorded it: a keyed note ({key, params}) in words; older text as recorded.
 */
function auditNote(value: string, t: ConsoleMessages): string {
  if (!value.startsWith("{")) return value;
  try {
    const stored = JSON.parse(value) as { key?: string; params?: unknown };
    const n = readNote(stored.key, stored.params);
    return n ? wordNoteFor(n, t) : value;
  } catch {
    // Cut short (long values end in …): shown as recorded.
    return value;
  }
}

/**
 * One recorded value of an audit entry as the operator reads it: times in Istanbul time and the language's
 * format, money with the language's separators, yes/no, an empty value as a word, lists joined, the stored
 * enums in words. Anything else is data and is shown as recorded.
 */
export function describeAuditValue(field: string, value: string, t: ConsoleMessages): string {
  if (value === "null" || value === "" || value === '""') return t.audit.empty;
  if (value === "true") return t.audit.yes;
  if (value === "false") return t.audit.no;
  if (ISO_INSTANT.test(value)) return consoleTime(new Date(value), t.lang);
  if (DAY.test(value)) return consoleDay(value, t.lang);
  if (field === "note") return auditNote(value, t);
  if (MONEY_FIELDS.has(field) && DECIMAL.test(value)) return formatMoney(value, t.lang);
  const words = enumWords(field, t);
  if (words && Object.hasOwn(words, value)) return words[value] ?? value;
  // A recorded object (a configuration, a set of limits): its keys by their names in words, each value described.
  if (value.startsWith("{")) {
    try {
      const object: unknown = JSON.parse(value);
      if (object && typeof object === "object" && !Array.isArray(object)) {
        const entries = Object.entries(object as Record<string, unknown>);
        if (entries.length === 0) return t.audit.empty;
        return entries
          .map(([key, v]) => {
            const text = typeof v === "string" ? v : JSON.stringify(v);
            return `${fieldLabel(key, t)}: ${describeAuditValue(key, text, t)}`;
          })
          .join("; ");
      }
    } catch {
      // Cut short: shown as recorded.
    }
  }
  if (value.startsWith("[")) {
    try {
      const list: unknown = JSON.parse(value);
      if (Array.isArray(list))
        return list.length === 0
          ? t.audit.noneListed
          : list
              .map((item) => (typeof item === "string" ? describeAuditValue(field, item, t) : JSON.stringify(item)))
              .join(", ");
    } catch {
      // Cut short (long values end in …): shown as recorded.
    }
  }
  return value;
}

/** Whether the value was put into words (so a translator may leave it alone) or is data shown as recorded. */
export function isDescribedAuditValue(field: string, value: string, t: ConsoleMessages): boolean {
  return describeAuditValue(field, value, t) !== value;
}
