import type { SandboxSession } from "./server";

/** The simulated sandbox acquirer's pages: a card form that works without scripts and fits a 390 px phone. */

type Lang = "en" | "tr";

const WORDS = {
  en: {
    title: "Sandbox acquirer",
    pay: "Pay",
    number: "Card number",
    expiry: "Expiry (MM/YY)",
    cvc: "Security code",
    closed: "You closed this tab.",
    gone: "This checkout is no longer open.",
  },
  tr: {
    title: "Sandbox kart işlemcisi",
    pay: "Öde",
    number: "Kart numarası",
    expiry: "Son kullanma (AA/YY)",
    cvc: "Güvenlik kodu",
    closed: "Bu sekmeyi kapattınız.",
    gone: "Bu ödeme artık açık değil.",
  },
} as const;

const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function layout(lang: Lang, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${WORDS[lang].title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:16px;max-width:420px}label{display:block;margin:12px 0 4px}input{box-sizing:border-box;width:100%;padding:12px;font-size:16px}button{width:100%;margin-top:16px;padding:14px;font-size:17px}</style></head><body><main>${body}</main></body></html>`;
}

export function cardPage(s: SandboxSession, lang: Lang, action: string): string {
  const w = WORDS[lang];
  return layout(
    lang,
    `<h1>${w.title}</h1><p>${escape(s.merchant)} · ${escape(s.amount)} ${escape(s.currency)}</p>
<form method="post" action="${escape(action)}"><label for="number">${w.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" placeholder="12/30" required>
<label for="cvc">${w.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">${w.pay}</button></form>`,
  );
}

export const closedTabPage = (lang: Lang) => layout(lang, `<p>${WORDS[lang].closed}</p>`);
export const gonePage = (lang: Lang) => layout(lang, `<p>${WORDS[lang].gone}</p>`);
