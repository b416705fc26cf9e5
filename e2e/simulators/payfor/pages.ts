import { escapeHtml, turkishAmount } from "../est-v3/wire";

/**
 * The pages of PayFor's 3-D Host payment page the customer sees: the card form, the page carrying the outcome back
 * to the merchant (submitted by script at once, with a visible button for browsers without JavaScript), and error
 * pages. Plain UTF-8 HTML for a 390 px phone, in Turkish or English.
 */
export type Lang = "tr" | "en";

const WORDS = {
  tr: {
    title: "QNB Güvenli Ödeme",
    amount: "Tutar",
    order: "Sipariş No",
    card: "Kart Numarası",
    holder: "Kart Sahibi",
    expiry: "Son Kullanma (AA/YY)",
    cvv: "Güvenlik Kodu (CVV2)",
    pay: "Öde",
    returning: "İşleminiz tamamlandı. Üye işyerine yönlendiriliyorsunuz.",
    continue: "Üye İşyerine Dön",
    closed: "Sekme kapatıldı (simülatör): sonuç üye işyerine iletilmedi.",
    error: "İşlem başlatılamadı",
  },
  en: {
    title: "QNB Secure Payment",
    amount: "Amount",
    order: "Order No",
    card: "Card Number",
    holder: "Card Holder",
    expiry: "Expiry (MM/YY)",
    cvv: "Security Code (CVV2)",
    pay: "Pay",
    returning: "Your transaction is complete. Returning you to the merchant.",
    continue: "Return to the Merchant",
    closed: "Tab closed (simulator): the outcome was not brought back to the merchant.",
    error: "The transaction could not be started",
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f1f0f5;color:#1d1646}
main{max-width:420px;margin:0 auto;padding:16px}h1{font-size:20px;margin:0 0 12px;color:#800d5c}
.box{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;padding:12px;font-size:16px;border:1px solid #8a8499;border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:16px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#800d5c;color:#fff}
dl{display:flex;justify-content:space-between;margin:0 0 4px}dt{color:#5b556b}dd{margin:0;font-weight:600}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** An amount in lira ("249.9") as the page shows it: 249,90 TL or TRY 249.90. */
function shownAmount(lang: Lang, minor: bigint): string {
  const padded = minor.toString().padStart(3, "0");
  const decimal = `${padded.slice(0, -2)}.${padded.slice(-2)}`;
  return lang === "tr" ? `${turkishAmount(decimal)} TL` : `TRY ${decimal.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

export function cardFormPage(
  lang: Lang,
  action: string,
  session: string,
  order: { orderId: string; amountMinor: bigint; merchant: string },
): string {
  const w = WORDS[lang];
  const amount = shownAmount(lang, order.amountMinor);
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><dl><dt>${escapeHtml(order.merchant)}</dt></dl>
<dl><dt>${w.order}</dt><dd>${escapeHtml(order.orderId)}</dd></dl><dl><dt>${w.amount}</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="${escapeHtml(action)}" accept-charset="UTF-8" autocomplete="on">
<input type="hidden" name="session" value="${escapeHtml(session)}">
<label for="pan">${w.card}</label><input id="pan" name="pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="holder">${w.holder}</label><input id="holder" name="holder" autocomplete="cc-name">
<div class="row"><div><label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required maxlength="5"></div>
<div><label for="cv2">${w.cvv}</label><input id="cv2" name="cv2" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>
<button type="submit">${w.pay} ${escapeHtml(amount)}</button></form></div>`,
  );
}

/** The outcome carried back to OkUrl / FailUrl: submitted by script at once, or by the visible button. */
export function returnPage(lang: Lang, action: string, fields: [string, string][]): string {
  const w = WORDS[lang];
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><p>${w.returning}</p>
<form id="r" method="post" action="${escapeHtml(action)}" accept-charset="UTF-8">
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
