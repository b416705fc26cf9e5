import { describe, expect, it } from "vitest";
import { TEST_CARDS } from "@/lib/integrations/sandbox/acquirer/test-cards";
import { en } from "./console/en";
import { tr } from "./console/tr";
import { en as payEn } from "./pay/en";
import { tr as payTr } from "./pay/tr";
import { en as acquirerEn } from "./sandbox-acquirer/en";
import { tr as acquirerTr } from "./sandbox-acquirer/tr";
import { SAME_IN_BOTH as METHOD_NAMES_IN_BOTH } from "./methods/tr";

type Leaf = { path: string; en: unknown; tr: unknown };

/** Every leaf of both dictionaries side by side; a key present in one only shows up with undefined. */
function leaves(a: unknown, b: unknown, path = ""): Leaf[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
  if (!isObject(a) || !isObject(b)) return [{ path, en: a, tr: b }];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return keys.flatMap((key) => leaves(a[key], b[key], path ? `${path}.${key}` : key));
}

// Message functions take counts, names and preformatted values; strings work for all of them here.
const sample = (fn: (...args: string[]) => unknown) => fn(...Array.from({ length: fn.length }, (_, i) => `v${i}`));

// Words that are the same in both languages: codes, abbreviations and borrowed technical terms.
const CONSOLE_SAME_IN_BOTH = new Set([
  "common.iban",
  "common.site",
  "labels.actor.API",
  "labels.actor.CLI",
  "labels.dealerMethod.eiban",
  "labels.kind.TEST",
  "deliveries.callback",
  "deliveries.url",
  "deliveries.ofTransaction.label",
  "transactions.detail.gatewayRef",
  "transactions.detail.threeDSecure",
  "domain.audit.entities.callback",
  "domain.audit.entities.site",
  "domain.audit.action",
  "domain.fields.iban",
  "domain.fields.url",
  "domain.fields.siteId",
  "spreadsheet.transactions.site",
  // The API's own status values, beside the status words ("API: completed").
  "labels.apiValue",
  "labels.statusHint.pending",
  "labels.statusHint.processing",
  "labels.statusHint.completed",
  "labels.statusHint.expired",
  "labels.statusHint.failed",
  "labels.statusHint.refunded",
  "transactions.history.actors.api",
  // A refund's amount, status word and time, separated by dots.
  "cardPayments.refundRow",
  // "Acme · Dealer X": two names and a separator.
  "ledger.statements.pairHeading",
  // The methods' names both languages share, declared beside their words: the console's labels show all but payKind.
  ...METHOD_NAMES_IN_BOTH.filter((p) => !p.startsWith("payKind.")).map((p) => `labels.${p}`),
]);
// "1 USDT = 34,25 TL": a coin, a sign and an amount formatted for the page; the payment page's kinds are method words.
const PAY_SAME_IN_BOTH = new Set([
  "iban",
  "ratePerUnit",
  ...METHOD_NAMES_IN_BOTH.filter((p) => p.startsWith("payKind.")).map((p) => p.replace("payKind.", "kinds.")),
]);

/**
 * One layout for every surface a person reads (console, payment pages, sandbox acquirer): an English reference
 * dictionary and a Turkish one of exactly its shape, each checked the same way here.
 */
function describeDictionaries(
  name: string,
  en: object,
  tr: object,
  o: { sameInBoth: Set<string>; minLeaves: number; byName?: (path: string) => boolean },
) {
  const all = leaves(en, tr);
  const byName = o.byName ?? (() => false);
  describe(`${name} dictionaries`, () => {
    it("have exactly the same keys in Turkish as in English", () => {
      const missing = all.filter((l) => l.tr === undefined).map((l) => l.path);
      const extra = all.filter((l) => l.en === undefined).map((l) => l.path);
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      expect(all.length).toBeGreaterThan(o.minLeaves);
    });

    it("have no empty strings and the same kind of value on both sides", () => {
      for (const leaf of all) {
        if (leaf.path === "lang") continue;
        // A hint English leaves out (null) may still be given in Turkish; nothing else may be missing.
        if (leaf.en === null)
          expect(leaf.tr === null || (typeof leaf.tr === "string" && leaf.tr.trim() !== ""), leaf.path).toBe(true);
        else expect(typeof leaf.tr, leaf.path).toBe(typeof leaf.en);
        for (const value of [leaf.en, leaf.tr]) {
          if (typeof value === "string") expect(value.trim(), leaf.path).not.toBe("");
        }
      }
    });

    it("have message functions that take the same values and say something", () => {
      // History notes and refusals take one object of named values: word-note.test.ts and word-error.test.ts
      // (lib/edge/console) check those.
      for (const leaf of all.filter((l) => typeof l.en === "function" && !byName(l.path))) {
        const [enFn, trFn] = [leaf.en, leaf.tr] as ((...args: string[]) => unknown)[];
        expect(trFn!.length, leaf.path).toBe(enFn!.length);
        for (const fn of [enFn!, trFn!]) {
          const text = sample(fn);
          expect(typeof text === "string" && text.trim() !== "", leaf.path).toBe(true);
        }
        // Every value given must appear in the Turkish sentence too: none is silently dropped.
        const text = sample(trFn!) as string;
        for (let i = 0; i < trFn!.length; i++) expect(text, leaf.path).toContain(`v${i}`);
      }
    });

    it("are translated, apart from words both languages share", () => {
      const untranslated = all
        .filter((l) => typeof l.en === "string" && l.en === l.tr && l.path !== "lang")
        .map((l) => l.path);
      const sameText = all
        .filter((l) => typeof l.en === "function" && !byName(l.path) && sample(l.en as never) === sample(l.tr as never))
        .map((l) => l.path);
      expect(
        [...untranslated, ...sameText].filter((p) => !o.sameInBoth.has(p)),
        "the same in both languages: a method's name goes in SAME_IN_BOTH of lib/edge/i18n/methods/tr.ts, " +
          "any other word in this test's list",
      ).toEqual([]);
    });
  });
}

/** Words that take one object of named values rather than positional ones. */
const consoleByName = (path: string) => path.startsWith("domain.notes.") || path.startsWith("domain.errors.");

describeDictionaries("console", en, tr, { sameInBoth: CONSOLE_SAME_IN_BOTH, minLeaves: 300, byName: consoleByName });
describeDictionaries("payment page", payEn, payTr, { sameInBoth: PAY_SAME_IN_BOTH, minLeaves: 80 });
// cardLabel words the test cards' English labels and passes anything else through; the test below covers it.
describeDictionaries("sandbox acquirer", acquirerEn, acquirerTr, { sameInBoth: new Set(["cardLabel"]), minLeaves: 20 });

it("sandbox acquirer words every test card's label in Turkish", () => {
  const labels = [...new Set(Object.values(TEST_CARDS).map((c) => c.label))];
  expect(labels.filter((l) => acquirerTr.cardLabel(l) === l || acquirerEn.cardLabel(l) !== l)).toEqual([]);
});

it("console dictionaries name their language", () => {
  expect([en.lang, tr.lang]).toEqual(["en", "tr"]);
});
