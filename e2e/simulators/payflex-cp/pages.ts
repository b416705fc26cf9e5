import { escapeHtml } from "./state";

/**
 * The common payment page the bank shows the customer: the card form (Turkish or English, as RequestLanguage asked),
 * usable on a 390 px phone, and an error page. Paying posts the form back to the bank, which answers with a redirect
 * to the merchant's SuccessUrl or FailUrl carrying the transaction's ids in the query.
 */
type Lang = "tr" | "en";

const WORDS = {
  tr: {
    title: "VakıfBank Ortak Ödeme",
    amount: "Tutar",
    order: "Sipariş No",
    card: "Kart Numarası",
    holder: "Kart Üzerindeki İsim",
    expiry: "Son Kullanma (AA/YY)",
    cvv: "Güvenlik Kodu (CVV)",
    pay: "Öde",
    error: "İşlem gerçekleştirilemiyor",
  },
  en: {
    title: "VakıfBank Common Payment",
    amount: "Amount",
    order: "Order No",
    card: "Card Number",
    holder: "Name on Card",
    expiry: "Expiry (MM/YY)",
    cvv: "Security Code (CVV)",
    pay: "Pay",
    error: "The transaction cannot be carried out",
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f5f5f5;color:#111}
main{max-width:420px;margin:0 auto;padding:16px}h1{font-size:20px;margin:0 0 12px;color:#b8860b}
.box{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;padding:12px;font-size:16px;border:1px solid #9ca3af;border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:16px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#1f2937;color:#fff}
dl{display:flex;justify-content:space-between;margin:0 0 4px}dt{color:#4b5563}dd{margin:0;font-weight:600}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function cardPage(lang: Lang, token: string, order: { orderId: string; amount: string }): string {
  const w = WORDS[lang];
  const amount = lang === "tr" ? `${order.amount.replace(".", ",")} TL` : `TRY ${order.amount}`;
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><dl><dt>${w.order}</dt><dd>${escapeHtml(order.orderId)}</dd></dl>
<dl><dt>${w.amount}</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="/CommonPayment/SecurePayment/pay" accept-charset="utf-8" autocomplete="on">
<input type="hidden" name="Ptkn" value="${escapeHtml(token)}">
<label for="pan">${w.card}</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="holder">${w.holder}</label><input id="holder" name="holder" autocomplete="cc-name">
<div class="row"><div><label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required maxlength="5"></div>
<div><label for="cvv">${w.cvv}</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>
<button type="submit">${w.pay} ${escapeHtml(amount)}</button></form></div>`,
  );
}

export function errorPage(lang: Lang, message: string): string {
  const w = WORDS[lang];
  return page(lang, w.error, `<h1>${w.error}</h1><div class="box"><p>${escapeHtml(message)}</p></div>`);
}
