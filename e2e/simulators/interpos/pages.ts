import { escapeHtml, turkishAmount } from "../est-v3/wire";

/**
 * The pages InterVPOS's 3DHost shows the customer: the hosted card form, the page that carries the outcome back to
 * the merchant (auto-submitted, with a visible button for browsers without JavaScript), and error pages. Plain HTML in
 * UTF-8, usable on a 390 px phone, in Turkish or English.
 */
export type Lang = "tr" | "en";

const WORDS = {
  tr: {
    title: "DenizBank Güvenli Ödeme",
    amount: "Tutar",
    order: "Sipariş No",
    card: "Kart Numarası",
    holder: "Kart Sahibi",
    expiry: "Son Kullanma (AA/YY)",
    cvv: "Güvenlik Kodu (CVV)",
    pay: "Öde",
    returning: "İşleminiz tamamlandı. İşyerine yönlendiriliyorsunuz.",
    continue: "İşyerine Dön",
    closed: "Sekme kapatıldı (simülatör): sonuç işyerine iletilmedi.",
    error: "İşlem başlatılamadı",
  },
  en: {
    title: "DenizBank Secure Payment",
    amount: "Amount",
    order: "Order No",
    card: "Card Number",
    holder: "Name on Card",
    expiry: "Expiry (MM/YY)",
    cvv: "Security Code (CVV)",
    pay: "Pay",
    returning: "Your transaction is complete. Returning you to the merchant.",
    continue: "Return to the Merchant",
    closed: "Tab closed (simulator): the outcome was not brought back to the merchant.",
    error: "The transaction could not be started",
  },
} as const;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#eef2f7;color:#111}
main{max-width:420px;margin:0 auto;padding:16px}h1{font-size:20px;margin:0 0 12px;color:#0b3d91}
.box{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px #0002}
label{display:block;margin:12px 0 4px;font-size:14px}input{width:100%;padding:12px;font-size:16px;border:1px solid #9ca3af;border-radius:6px}
.row{display:flex;gap:12px}.row>div{flex:1}button{width:100%;margin-top:16px;padding:14px;font-size:17px;border:0;border-radius:6px;background:#0b3d91;color:#fff}
dl{display:flex;justify-content:space-between;margin:0 0 4px}dt{color:#4b5563}dd{margin:0;font-weight:600}`;

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function cardFormPage(
  lang: Lang,
  session: string,
  order: { orderId: string; amount: string; shop: string },
): string {
  const w = WORDS[lang];
  const amount = lang === "tr" ? `${turkishAmount(order.amount)} TL` : `TRY ${order.amount}`;
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><dl><dt>${escapeHtml(order.shop)}</dt></dl>
<dl><dt>${w.order}</dt><dd>${escapeHtml(order.orderId)}</dd></dl><dl><dt>${w.amount}</dt><dd>${escapeHtml(amount)}</dd></dl>
<form method="post" action="/mpi/3DHostPay.aspx" accept-charset="utf-8" autocomplete="on">
<input type="hidden" name="session" value="${escapeHtml(session)}">
<label for="Pan">${w.card}</label><input id="Pan" name="Pan" inputmode="numeric" autocomplete="cc-number" required maxlength="23">
<label for="CardHolderName">${w.holder}</label><input id="CardHolderName" name="CardHolderName" autocomplete="cc-name">
<div class="row"><div><label for="Expiry">${w.expiry}</label><input id="Expiry" name="Expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="12/30" required maxlength="5"></div>
<div><label for="Cvv2">${w.cvv}</label><input id="Cvv2" name="Cvv2" inputmode="numeric" autocomplete="cc-csc" required maxlength="4"></div></div>
<button type="submit">${w.pay} ${escapeHtml(amount)}</button></form></div>`,
  );
}

export function returnPage(lang: Lang, action: string, fields: [string, string][]): string {
  const w = WORDS[lang];
  const inputs = fields
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return page(
    lang,
    w.title,
    `<h1>${w.title}</h1><div class="box"><p>${w.returning}</p>
<form id="r" method="post" action="${escapeHtml(action)}" accept-charset="utf-8">
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
