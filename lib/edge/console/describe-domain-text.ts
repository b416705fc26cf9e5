import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { en } from "@/lib/edge/i18n/console/en";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { DomainMessages } from "@/lib/edge/i18n/console/en/domain";
import { formatMoney } from "@/lib/base/money/format-money";
import { UNNAMED_STAFF } from "@/lib/domain/access/staff-names-in-notes";

/**
 * How a captured part is shown: as typed (names, reasons, codes), as money, as a status word, as a field's
 * name, as a message of its own (translated in turn), or as who may act ("the bank or its gateway").
 */
type Part = "text" | "amount" | "status" | "field" | "message" | "roles" | "person";
type Pattern<K extends string> = { key: K; re: RegExp; parts?: Part[] };

/** The stored forms of history notes (lib/**: transitionTransaction notes), most specific first. */
const NOTES: Pattern<keyof DomainMessages["notes"]>[] = [
  { key: "created", re: /^Created$/ },
  { key: "expiredDeposit", re: /^Expired: the payment page was not completed in time$/ },
  { key: "expiredWithdrawal", re: /^Canceled: never handed to the gateway before expires_at$/ },
  { key: "expiredCard", re: /^Failed: not completed within 15 minutes$/ },
  { key: "amountChanged", re: /^Amount changed from (\d+\.\d{2}) to (\d+\.\d{2})$/, parts: ["amount", "amount"] },
  { key: "customerSent", re: /^The customer says the money was sent$/ },
  { key: "customerCancelled", re: /^Cancelled by the customer$/ },
  { key: "acquirerApproved", re: /^Approved by the acquirer(?:, auth code (.+))?$/ },
  { key: "approved", re: /^Approved$/ },
  { key: "proposed", re: /^Second approval requested by (.+?): ([a-z]+) with (\d+\.\d{2})(?:, bank reference (.+))?$/, parts: ["person", "status", "amount", "text"] },
  {
    key: "confirmedByTwo",
    re: /^Approved by (.+?), confirmed by (.+?), with the received amount (\d+\.\d{2}) \(requested (\d+\.\d{2})\)(?:, bank reference ([^:]+))?(?:: ([\s\S]*))?$/,
    parts: ["person", "person", "amount", "amount", "text", "text"],
  },
  { key: "declinedSecond", re: /^Second approval declined by (.+?)(?:: ([\s\S]*))?$/, parts: ["person", "text"] },
  { key: "sentAfterExpiry", re: /^The customer says the money was sent after the deposit expired$/ },
  { key: "approvedAmount", re: /^Approved with the received amount (\d+\.\d{2}) \(requested (\d+\.\d{2})\)(?:: ([\s\S]*))?$/, parts: ["amount", "amount", "text"] },
  { key: "taken", re: /^Taken$/ },
  { key: "paidOut", re: /^Paid out(?:: ([\s\S]*))?$/ },
  { key: "rejected", re: /^Rejected(?:: ([\s\S]*))?$/ },
  { key: "failed", re: /^Failed(?:: ([\s\S]*))?$/ },
  { key: "canceled", re: /^Canceled(?:: ([\s\S]*))?$/ },
  { key: "refunded", re: /^Refunded(?:: ([\s\S]*))?$/ },
  { key: "partialRefund", re: /^Partial refund (\d+\.\d{2}) approved by the acquirer(?:: ([\s\S]*))?$/, parts: ["amount", "text"] },
  { key: "matchedByHand", re: /^Matched by hand to payment (\S+) from ([\s\S]*)$/ },
  { key: "matched", re: /^Matched to incoming payment (\S+) from ([\s\S]*)$/ },
  { key: "gateway", re: /^Gateway: ([a-z]+)(?:, ([\s\S]*))?$/, parts: ["status", "text"] },
  { key: "handedToGateway", re: /^Handed to the gateway$/ },
  { key: "refusedBy", re: /^Refused by (.+?): ([\s\S]*)$/ },
  { key: "customerChose", re: /^The customer chose (.+?)(?: \(([^)]+)\))?; it issued payment details$/ },
  { key: "sentToBank", re: /^Sent to the bank$/ },
  { key: "bankSent", re: /^Sent by the bank, reference (.+)$/ },
  { key: "bankRefused", re: /^The bank refused the transfer: ([\s\S]*)$/ },
  { key: "lateApproval", re: /^the acquirer approved the payment after it had failed \((.+)\); refund the charge\.$/ },
  { key: "notApplied", re: /^Not applied: (.+?) reported (.+?)\. ([\s\S]*)$/, parts: ["text", "text", "message"] },
];

/** The stored forms of validation refusals (zod messages in lib/domain/schemas), by their field. */
const MESSAGES: Pattern<keyof DomainMessages["messages"]>[] = [
  { key: "refundRefused", re: /^The acquirer refused the refund: ([^:]+): ([\s\S]*)$/ },
  { key: "refundUnasked", re: /^The acquirer could not be asked for the refund: ([\s\S]*)$/ },
  { key: "noAcquirer", re: /^Credit card payment is not available for this dealer: no card acquirer is configured$/ },
  { key: "line", re: /^Line (\d+): ([\s\S]*)$/, parts: ["text", "message"] },
  { key: "cannotBecome", re: /^(\S+) is ([a-z]+); it cannot become ([a-z]+) from there\.$/, parts: ["text", "status", "status"] },
  { key: "onlyActor", re: /^(\S+) is ([a-z]+); only (.+) can make it ([a-z]+), not (.+)\.$/, parts: ["text", "status", "roles", "status", "roles"] },
  { key: "transferSent", re: /^(\S+) is ([a-z]+); its transfer was sent to the bank; only the bank's outcome decides it now\.$/, parts: ["text", "status"] },
  { key: "timeRanOut", re: /^(\S+) is ([a-z]+); its time ran out; it can no longer be handed over\.$/, parts: ["text", "status"] },
  { key: "minOverMax", re: /^min must not exceed max$/ },
  { key: "required", re: /^(.+) is required$/, parts: ["field"] },
  { key: "number", re: /^(.+) must be a number$/, parts: ["field"] },
  { key: "decimals", re: /^(.+) must be a positive number with at most 2 decimal places$/, parts: ["field"] },
  { key: "maxChars", re: /^(.+) must be at most (\d+) characters$/, parts: ["field", "text"] },
  { key: "atLeast", re: /^(.+) must be at least (\S+)$/, parts: ["field", "amount"] },
  { key: "overProviderMax", re: /^the received amount (\S+) is above the provider's maximum per transaction of (\S+)$/, parts: ["amount", "amount"] },
  { key: "overDealerMax", re: /^the received amount (\S+) is above the dealer's maximum per transaction of (\S+)$/, parts: ["amount", "amount"] },
  { key: "atMost", re: /^(.+) must be at most (\S+)$/, parts: ["field", "amount"] },
  { key: "ibanChecksum", re: /^(.+) is not a valid IBAN \(checksum failed\)$/, parts: ["field"] },
  { key: "ibanLength", re: /^(.+) must be 15 to 34 characters$/, parts: ["field"] },
  { key: "email", re: /^(.+) must be a valid email address$/, parts: ["field"] },
  { key: "url", re: /^(.+) must be an http\(s\) URL$/, parts: ["field"] },
  { key: "webAddress", re: /^(.+) must be an http:\/\/ or https:\/\/ address$/, parts: ["field"] },
  { key: "unstorable", re: /^(.+) must not contain NUL or unpaired surrogate characters$/, parts: ["field"] },
];

function render<K extends string>(text: string, patterns: Pattern<K>[], words: Record<K, (...args: string[]) => string>, part: (kind: Part, value: string) => string): string | null {
  for (const { key, re, parts = [] } of patterns) {
    const match = re.exec(text);
    if (!match) continue;
    const args = match.slice(1).map((value, i) => (value === undefined ? "" : part(parts[i] ?? "text", value)));
    return words[key](...args);
  }
  return null;
}

/** A field's name as the operator reads it ("maxAmount" -> "en yüksek tutar"); unknown names as they are. */
export function fieldLabel(field: string, t: ConsoleMessages): string {
  return t.domain.fields[field] ?? field;
}

function partOf(t: ConsoleMessages) {
  const part = (kind: Part, value: string): string => {
    if (kind === "amount") return /^\d+(\.\d+)?$/.test(value) ? formatMoney(value, t.lang) : value;
    if (kind === "status") return t.labels.status[value as TransactionStatus] ?? value;
    if (kind === "field") return fieldLabel(value, t);
    // A staff member's name, or "staff" where the viewer may not know who (provider viewers).
    if (kind === "person") return value === UNNAMED_STAFF ? t.transactions.history.staff : value;
    if (kind === "message") return describeMessage(value, t);
    if (kind === "roles") {
      const english = en.lifecycle.roles as Record<string, string>;
      const role = (words: string) => Object.keys(english).find((key) => english[key] === words) as keyof typeof t.lifecycle.roles | undefined;
      return value
        .split(" or ")
        .map((words) => (role(words) ? t.lifecycle.roles[role(words)!] : words))
        .join(` ${t.lifecycle.or} `);
    }
    return value;
  };
  return part;
}

/** A transaction history note in the operator's language; a note of no known form is shown as stored. */
export function describeNote(note: string, t: ConsoleMessages): string {
  return render(note, NOTES, t.domain.notes as Record<string, (...args: string[]) => string>, partOf(t)) ?? note;
}

/** An alert's message ("<tracking code>: <what happened>") with what happened in the operator's language. */
export function describeAlertMessage(message: string, trackingCode: string | undefined, t: ConsoleMessages): string {
  const prefix = trackingCode ? `${trackingCode}: ` : "";
  return prefix && message.startsWith(prefix) ? `${prefix}${describeNote(message.slice(prefix.length), t)}` : describeNote(message, t);
}

/**
 * A validation or domain refusal in the operator's language ("min must be at least 0.01" -> "En düşük
 * tutar en az 0,01 TL olmalı"), capitalised as a sentence; a message of no known form is kept as worded.
 */
export function describeMessage(message: string, t: ConsoleMessages): string {
  const text = render(message, MESSAGES, t.domain.messages as Record<string, (...args: string[]) => string>, partOf(t)) ?? message;
  return text.charAt(0).toLocaleUpperCase(t.lang === "tr" ? "tr-TR" : "en-GB") + text.slice(1);
}

/** An audit action ("bank_account.update") in words: "Bank account: changed" / "Banka hesabı: değiştirildi". */
export function describeAuditAction(action: string, t: ConsoleMessages): string {
  const [entity = action, verb = ""] = action.split(".", 2);
  const a = t.domain.audit;
  const verbWord = a.verbs[verb] ?? t.labels.status[verb as TransactionStatus] ?? verb;
  return a.action(a.entities[entity] ?? entity, verbWord);
}

/** An entity type ("callback_delivery") in words. */
export function describeEntity(type: string, t: ConsoleMessages): string {
  return t.domain.audit.entities[type] ?? type.replace(/_/g, " ");
}
