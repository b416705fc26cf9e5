import type { Frame, Payment } from "./state";

/**
 * PayTR's payment frame as the simulator draws it: a card form in Turkish or English for a 390 px phone (plain
 * form POST, no scripts needed), then the end page that sends the frame on to merchant_ok_url or
 * merchant_fail_url. Where that navigation lands is PayTR's business; by default the end page navigates the
 * frame itself (as merchants embedding PayTR's frame report), `okTarget: "top"` the whole window.
 */

const WORDS = {
  tr: {
    title: "PayTR Güvenli Ödeme",
    amount: "Ödenecek tutar",
    holder: "Kart üzerindeki isim",
    number: "Kart numarası",
    expiry: "Son kullanma (AA/YY)",
    cvv: "CVV",
    pay: "Ödeme Yap",
    cancel: "Vazgeç",
    ok: "Ödemeniz başarıyla alındı.",
    failed: "Ödeme başarısız",
    next: "Mağazaya dön",
    gone: "Bu ödeme sayfası geçersiz veya süresi dolmuş.",
    paid: "Bu sipariş için ödeme zaten alındı.",
  },
  en: {
    title: "PayTR Secure Payment",
    amount: "Amount to pay",
    holder: "Name on card",
    number: "Card number",
    expiry: "Expiry (MM/YY)",
    cvv: "CVV",
    pay: "Pay",
    cancel: "Cancel",
    ok: "Your payment was received.",
    failed: "Payment failed",
    next: "Return to the store",
    gone: "This payment page is invalid or has expired.",
    paid: "This order has already been paid.",
  },
} as const;

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function money(kurus: number, lang: "tr" | "en"): string {
  const whole = String(Math.floor(kurus / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "tr" ? "." : ",");
  return `${whole}${lang === "tr" ? "," : "."}${String(kurus % 100).padStart(2, "0")} TL`;
}

function layout(lang: "tr" | "en", body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${WORDS[lang].title}</title>
<style>*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#fff;color:#222}main{max-width:420px;margin:0 auto;padding:12px}
h1{font-size:19px}label{display:block;margin:10px 0 4px}input{width:100%;padding:11px;font-size:16px;border:1px solid #bbb;border-radius:6px}
.row{display:flex;gap:8px}.row>div{flex:1;min-width:0}button{width:100%;margin-top:14px;padding:13px;font-size:17px;border:0;border-radius:6px;background:#0a7d52;color:#fff}
button.secondary{background:#eee;color:#222}.amount{font-weight:600}</style></head><body><main>${body}</main></body></html>`;
}

export function cardFormPage(frame: Frame): string {
  const w = WORDS[frame.lang];
  return layout(
    frame.lang,
    `<h1>${w.title}</h1><p>${w.amount}: <span class="amount">${money(frame.amount, frame.lang)}</span></p>
<form method="post" action="/odeme/guvenli/${escape(frame.token)}">
<label for="holder">${w.holder}</label><input id="holder" name="cc_owner" autocomplete="cc-name">
<label for="number">${w.number}</label><input id="number" name="card_number" inputmode="numeric" autocomplete="cc-number">
<div class="row"><div><label for="expiry">${w.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" placeholder="12/30"></div>
<div><label for="cvv">${w.cvv}</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc"></div></div>
<button type="submit" name="action" value="pay">${w.pay}</button><button type="submit" name="action" value="cancel" class="secondary">${w.cancel}</button></form>`,
  );
}

/** After the card: PayTR's words, then on to the merchant's ok/fail URL (a link, followed by script). */
export function endPage(frame: Frame, payment: Payment, target: "frame" | "top"): string {
  const w = WORDS[frame.lang];
  const url = payment.status === "success" ? frame.okUrl : frame.failUrl;
  const words = payment.status === "success" ? w.ok : `${w.failed}: ${payment.failedReasonMsg ?? ""}`;
  const go =
    target === "top" ? `window.top.location.href=${JSON.stringify(url)}` : `location.href=${JSON.stringify(url)}`;
  return layout(
    frame.lang,
    `<h1>${w.title}</h1><p role="status">${escape(words)}</p><p><a id="next" href="${escape(url)}"${target === "top" ? ' target="_top"' : ""}>${w.next}</a></p><script>setTimeout(function(){${go}},300)</script>`,
  );
}

export function messagePage(lang: "tr" | "en", key: "gone" | "paid"): string {
  return layout(lang, `<h1>${WORDS[lang].title}</h1><p>${WORDS[lang][key]}</p>`);
}
