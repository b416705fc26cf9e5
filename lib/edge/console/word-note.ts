import type { TransitionRefusal } from "@/lib/base/errors/domain-error";
import { readNote } from "@/lib/base/messages/english-notes";
import { AMOUNT_PARAMS, PERSON_PARAMS, STATUS_PARAMS, wordNote, type Note } from "@/lib/base/messages/notes";
import { formatMoney } from "@/lib/base/money/format-money";
import { UNNAMED_STAFF } from "@/lib/domain/access/staff-names-in-notes";
import type { ActorRole } from "@/lib/domain/payment-methods";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { TransactionStatus } from "@/lib/generated/prisma/enums";

/** A lifecycle refusal in the operator's language: who may make the move instead, or why not now. */
export function wordRefusal(r: TransitionRefusal, t: ConsoleMessages): string {
  const words = t.lifecycle.refusal;
  const [from, to] = [
    t.labels.status[r.from as TransactionStatus] ?? r.from,
    t.labels.status[r.to as TransactionStatus] ?? r.to,
  ];
  if (r.why !== "actor") return words[r.why](r.trackingCode, from, to);
  const who = (r.allowed as ActorRole[]).map((role) => t.lifecycle.roles[role]).join(` ${t.lifecycle.or} `);
  return words.actor(r.trackingCode, from, to, who || t.lifecycle.roles.system);
}

/** A note's parameter as the operator reads it: money and statuses in their language, staff as they may know them. */
function showParam(t: ConsoleMessages) {
  return (name: string, value: unknown): string => {
    if (name === "refusal") return wordRefusal(value as TransitionRefusal, t);
    const text = String(value);
    if (AMOUNT_PARAMS.has(name)) return /^\d+(\.\d+)?$/.test(text) ? formatMoney(text, t.lang) : text;
    if (STATUS_PARAMS.has(name)) return t.labels.status[text as TransactionStatus] ?? text;
    // "staff" where the viewer may not know who (provider viewers).
    if (PERSON_PARAMS.has(name)) return text === UNNAMED_STAFF ? t.transactions.history.staff : text;
    if (name === "source") return sourceWords(text, t);
    return text;
  };
}

/**
 * Who reported what a note is about, stored as the domain names it ("card-acquirer", "bank of wallet WLT-…",
 * "gateway gw1"): in the operator's language, with the partner's own name or id kept as it is.
 */
export function sourceWords(source: string, t: ConsoleMessages): string {
  const a = t.transactions.history.actors;
  if (source === "card-acquirer") return a.cardAcquirer;
  if (source === "eiban-bank") return a.eibanBank;
  if (source === "sandbox bank") return a.sandboxBank;
  const [, kind, rest] = /^(bank of wallet|bank statement of wallet|gateway|reconciliation:) ?(.*)$/.exec(source) ?? [];
  if (kind === "bank of wallet") return a.bankOfWallet(rest!);
  if (kind === "bank statement of wallet") return a.statementOfWallet(rest!);
  if (kind === "gateway") return a.gateway(rest!);
  if (kind === "reconciliation:") return a.reconciliation(rest!);
  return source;
}

/** A keyed note in the operator's language. */
export function wordNoteFor(n: Note, t: ConsoleMessages): string {
  return wordNote(n, t.domain.notes, showParam(t));
}

/** A history row's note: its key in the operator's language; a row written before notes were keyed, as stored. */
export function historyNote(
  row: { note: string | null; noteKey?: string | null; noteParams?: unknown },
  t: ConsoleMessages,
): string {
  const n = readNote(row.noteKey, row.noteParams);
  return n ? wordNoteFor(n, t) : (row.note ?? "");
}

/**
 * What ended an alert: the note it was resolved with (an unknown refund settled), in the operator's language; else as
 * typed.
 */
export function alertResolution(alert: { resolution: string | null; details?: unknown }, t: ConsoleMessages): string {
  const stored =
    alert.details && typeof alert.details === "object"
      ? (alert.details as Record<string, unknown>).resolutionNote
      : undefined;
  const n =
    stored && typeof stored === "object"
      ? readNote((stored as { key?: string }).key, (stored as { params?: unknown }).params)
      : null;
  return n ? wordNoteFor(n, t) : (alert.resolution ?? "");
}

/** An alert's message: "<tracking code>: <what happened>" in the operator's language; an older alert as stored. */
export function alertMessage(
  alert: { message: string; messageKey?: string | null; messageParams?: unknown },
  trackingCode: string | undefined,
  t: ConsoleMessages,
): string {
  const n = readNote(alert.messageKey, alert.messageParams);
  if (!n) return alert.message;
  return trackingCode ? `${trackingCode}: ${wordNoteFor(n, t)}` : wordNoteFor(n, t);
}
