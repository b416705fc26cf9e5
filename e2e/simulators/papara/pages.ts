import type { Payment } from "./state";

/**
 * Papara's payment page as the simulator draws it (the customer's own Papara checkout): the amount and the
 * merchant's description, a Papara number to pay from, "Öde" / "Vazgeç"; then back to the merchant's
 * redirectUrl. Turkish, 390 px wide, no scripts needed.
 */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(body: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Papara ile Öde</title>
<style>*{box-sizing:border-box}body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#111;color:#fff}main{max-width:420px;margin:0 auto;padding:16px}
label{display:block;margin:12px 0 4px}input{width:100%;padding:12px;font-size:16px;border-radius:6px;border:0}
button{width:100%;margin-top:14px;padding:13px;font-size:17px;border:0;border-radius:6px;background:#fff;color:#111}button.secondary{background:#444;color:#fff}a{color:#9cf}</style></head><body><main>${body}</main></body></html>`;
}

const lira = (amount: number) => `${amount.toFixed(2).replace(".", ",")} TL`;

export function checkoutPage(p: Payment): string {
  return layout(`<h1>Papara ile Öde</h1><p>${escape(p.orderDescription)}</p><p>Tutar: <strong>${lira(p.amount)}</strong></p>
<form method="post" action="/pid?${escape(p.id)}"><label for="number">Papara numaranız</label><input id="number" name="accountNumber" inputmode="numeric" value="1234567890">
<button type="submit" name="action" value="pay">Öde</button><button type="submit" name="action" value="cancel" class="secondary">Vazgeç</button></form>`);
}

export function donePage(p: Payment, paid: boolean): string {
  const words = paid ? "Ödemeniz tamamlandı." : "Ödeme yapılmadı.";
  return layout(
    `<h1>Papara</h1><p role="status">${words}</p><p><a id="back" href="${escape(p.redirectUrl)}">Mağazaya dön</a></p><script>setTimeout(function(){location.href=${JSON.stringify(p.redirectUrl)}},300)</script>`,
  );
}

export function gonePage(): string {
  return layout(`<h1>Papara</h1><p>Ödeme bulunamadı veya süresi doldu.</p>`);
}
