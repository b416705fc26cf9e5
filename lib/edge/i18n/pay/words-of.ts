import type { PayMessages } from "./en";

/** The payment words whose value is a plain string: what a server component may hand to a client one as props. */
export type PayWord = { [K in keyof PayMessages]: PayMessages[K] extends string ? K : never }[keyof PayMessages];

/**
 * The few words a client component of the payment page shows, picked on the server. The dictionaries (both
 * languages, with their formatting functions) then stay out of the browser's scripts: a payment page's JavaScript
 * has a budget (e2e/browser/pay-script-budget.spec.ts).
 */
export function wordsOf<K extends PayWord>(t: PayMessages, ...keys: K[]): Pick<PayMessages, K> {
  return Object.fromEntries(keys.map((k) => [k, t[k]])) as Pick<PayMessages, K>;
}

/** "Cancel"'s words: the button's label and question of the page it is on, and its two answers. */
export function cancelWords(t: PayMessages, label: string, confirm: string) {
  return { ...wordsOf(t, "keepPaying", "cancelling", "cancelYes"), label, confirm };
}
