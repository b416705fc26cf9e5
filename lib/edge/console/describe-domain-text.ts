import type { TransactionStatus } from "@/lib/generated/prisma/enums";
import { en } from "@/lib/edge/i18n/console/en";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { DomainMessages } from "@/lib/edge/i18n/console/en/domain";
import { formatMoney } from "@/lib/base/money/format-money";

/**
 * How a captured part is shown: as typed (names, codes), as money, as a status word, as a field's name, as a
 * message of its own (translated in turn), or as who may act ("the bank or its gateway").
 */
type Part = "text" | "amount" | "status" | "field" | "message" | "roles";
type Pattern<K extends string> = { key: K; re: RegExp; parts?: Part[] };

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
