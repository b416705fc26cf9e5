import type { CheckoutForm } from "./state";

/**
 * The hosted payment page: a card form in Turkish or English that fits a 390 px phone and works without
 * JavaScript (a plain form POST; the return to the merchant is a form with a visible button, submitted by
 * script when scripts run).
 */

const WORDS = {
  tr: {
    title: "Güvenli ödeme",
    amount: "Ödenecek tutar",
    holder: "Kart üzerindeki isim",
    number: "Kart numarası",
    month: "Ay",
    year: "Yıl",
    cvc: "CVC",
    pay: "Öde",
    back: "Mağazaya dön",
    done: "Ödeme işleminiz sonuçlandı; mağazaya dönüyorsunuz.",
    expired: "Bu ödeme sayfasının süresi doldu.",
    unknown: "Ödeme sayfası bulunamadı.",
    paid: "Bu ödeme zaten yapıldı.",
  },
  en: {
    title: "Secure payment",
    amount: "Amount to pay",
    holder: "Name on card",
    number: "Card number",
    month: "Month",
    year: "Year",
    cvc: "CVC",
    pay: "Pay",
    back: "Return to the store",
    done: "Your payment has been processed; returning you to the store.",
    expired: "This payment page has expired.",
    unknown: "Payment page not found.",
    paid: "This payment has already been made.",
  },
} as const;

export type Lang = keyof typeof WORDS;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "1250.7" as "1.250,70 TL" (Turkish) or "1,250.70 TL". */
function money(amount: string, lang: Lang): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, lang === "tr" ? "." : ",");
  return `${grouped}${lang === "tr" ? "," : "."}${(fraction + "00").slice(0, 2)} TL`;
}

function layout(lang: Lang, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>iyzico – ${WORDS[lang].title}</title>
<style>*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f4f6fb;color:#1b1f3b}main{max-width:420px;margin:0 auto;padding:16px}
h1{font-size:20px}label{display:block;margin:12px 0 4px}input{width:100%;padding:12px;font-size:16px;border:1px solid #b8bfd6;border-radius:6px}
.row{display:flex;gap:8px}.row>div{flex:1;min-width:0}button{width:100%;margin-top:16px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#1e64ff;color:#fff}
.amount{font-size:22px;font-weight:600}</style></head><body><main>${body}</main></body></html>`;
}

export function cardFormPage(form: CheckoutForm, lang: Lang): string {
  const w = WORDS[lang];
  return layout(
    lang,
    `<h1>${w.title}</h1><p>${w.amount}: <span class="amount">${money(form.paidPrice, lang)}</span></p>
<form method="post" action="/checkoutform/pay"><input type="hidden" name="token" value="${escape(form.token)}"><input type="hidden" name="lang" value="${lang}">
<label for="holder">${w.holder}</label><input id="holder" name="cardHolderName" autocomplete="cc-name" required>
<label for="number">${w.number}</label><input id="number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" pattern="[0-9 ]{12,23}" required>
<div class="row"><div><label for="month">${w.month}</label><input id="month" name="expireMonth" inputmode="numeric" placeholder="12" required></div>
<div><label for="year">${w.year}</label><input id="year" name="expireYear" inputmode="numeric" placeholder="2030" required></div>
<div><label for="cvc">${w.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required></div></div>
<button type="submit">${w.pay}</button></form>`,
  );
}

/** Back to the merchant: the token POSTed to callbackUrl, or (callback dropped) only the words. */
export function returnPage(form: CheckoutForm, lang: Lang, dropCallback: boolean): string {
  const w = WORDS[lang];
  if (dropCallback) return layout(lang, `<h1>${w.title}</h1><p>${w.done}</p>`);
  return layout(
    lang,
    `<h1>${w.title}</h1><p>${w.done}</p><form id="back" method="post" action="${escape(form.callbackUrl)}"><input type="hidden" name="token" value="${escape(form.token)}"><button type="submit">${w.back}</button></form>
<script>document.getElementById("back").submit()</script>`,
  );
}

export function messagePage(lang: Lang, key: "expired" | "unknown" | "paid"): string {
  return layout(lang, `<h1>${WORDS[lang].title}</h1><p>${WORDS[lang][key]}</p>`);
}
