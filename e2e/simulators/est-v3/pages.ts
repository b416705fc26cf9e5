import { escapeHtml, turkishAmount } from "./wire";

/**
 * The pages the bank's 3-D gate shows the customer: the hosted card form, the page that carries the
 * outcome back to the merchant (an auto-submitted form with a visible button for browsers without
 * JavaScript), and error pages. Plain HTML, usable on a 390 px phone, in Turkish or English.
 */
type Lang = "tr" | "en";

const WORDS = {
  tr: {
    title: "Güvenli Ödeme",
    amount: "Tutar",
    order: "Sipariş No",
    card: "Kart Numarası",
    holder: "Kart Üzerindeki İsim",
    expiry: "Son Kullanma (AA/YY)",
    cvv: "Güvenlik Kodu (CVV)",
    pay: "Öde",
    returning: "İşleminiz tamamlandı. Mağazaya yönlendiriliyorsunuz.",
    continue: "Mağazaya Dön",
    closed: "Sekme kapatıldı (simülatör): sonuç mağazaya iletilmedi.",
    error: "İşlem başlatılamadı",
  },
  en: {
    title: "Secure Payment",
    amount: "Amount",
    order: "Order No",
    card: "Card Number",
    holder: "Name on Card",
    expiry: "Expiry (MM/YY)",
    cvv: "Security Code (CVV)",
    pay: "Pay",
    returning: "Your transaction is complete. Returning you to the store.",
    continue: "Return to the Store",
    closed: "Tab closed (simulator): the outcome was not brought back to the store.",
    error: "The transaction could not be started",
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f3f4f6;color:#111}
main{max-width:420px;margin:0 auto;padding:16px}h1{font-size:20px;margin:0 0 12px}
.box{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;padding:12px;font-size:16px;border:1px solid #9ca3af;border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:16px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#b91c1c;color:#fff}
dl{display:flex;justify-content:space-between;margin:0 0 4px}dt{color:#4b5563}dd{margin:0;font-weight:600}`;

function page(lang: Lang, title: string, body: string, extraHead = ""): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="ISO-8859-9"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style>${extraHead}</head><body><main>${body}</main></body></html>`;
}

export function cardFormPage(
  lang: Lang,
  session: string,
  order: { oid: string; amount: string; merchant: string },
): string {
  const w = WORDS[lang];
  const amount =
    lang === "tr" ? `${turkishAmount(order.amount)} TL` : `TRY ${order.amount.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><dl><dt>${escapeHtml(order.merchant)}</dt></dl>
<dl><dt>${w.order}</dt><dd>${escapeHtml(order.oid)}</dd></dl><dl><dt>${w.amount}</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="/fim/est3Dgate/pay" accept-charset="ISO-8859-9" autocomplete="on">
<input type="hidden" name="session" value="${escapeHtml(session)}">
<label for="pan">${w.card}</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="holder">${w.holder}</label><input id="holder" name="holder" autocomplete="cc-name">
<div class="row"><div><label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required maxlength="5"></div>
<div><label for="cv2">${w.cvv}</label><input id="cv2" name="cv2" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>
<button type="submit">${w.pay} ${escapeHtml(amount)}</button></form></div>`,
  );
}

/** The outcome carried back to okUrl/failUrl: submitted by script at once, or by the visible button. */
export function returnPage(lang: Lang, action: string, fields: [string, string][]): string {
  const w = WORDS[lang];
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><p>${w.returning}</p>
<form id="r" method="post" action="${escapeHtml(action)}" accept-charset="ISO-8859-9">
${inputs}
<button type="submit">${w.continue}</button></form></div><script>document.getElementById("r").submit()</script>`,
  );
}

export function closedTabPage(lang: Lang): string {
  return page(lang, WORDS[lang].title, `<div class="box"><p>${WORDS[lang].closed}</p></div>`);
}

export function errorPage(lang: Lang, message: string): string {
  return page(
    lang,
    WORDS[lang].error,
    `<h1>${WORDS[lang].error}</h1><div class="box"><p>${escapeHtml(message)}</p></div>`,
  );
}
