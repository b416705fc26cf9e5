import { randomBytes } from "node:crypto";
import { storedCardStep } from "@/lib/domain/cards/start-checkout";
import type { NextStep } from "@/lib/integrations/connectors/ports";
import { PAY_MESSAGES, type Lang } from "@/lib/edge/i18n/pay/messages";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function origin(url: string): string {
  return new URL(url).origin;
}

/**
 * The checkout step an acquirer asked for that is more than a redirect, as a page of its own: its policy lets
 * the form post to, or the frame show, only that acquirer's origin (the payment pages allow neither).
 * A form post submits itself, with a visible button for browsers without scripts.
 */
export function cardStepDocument(step: Exclude<NextStep, { kind: "redirect" }>, lang: Lang, token?: string): Response {
  const t = PAY_MESSAGES[lang];
  const nonce = randomBytes(16).toString("base64");
  let body: string;
  let partner: string;
  if (step.kind === "form_post") {
    partner = origin(step.url);
    const fields = Object.entries(step.fields)
      .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
      .join("");
    body =
      `<form id="step" method="post" ` +
      `action="${escape(step.url)}">${fields}<p>${escape(t.cardStepNote)}</p><button ` +
      `type="submit">${escape(t.continueToBank)}</button></form><script ` +
      `nonce="${nonce}">document.getElementById("step").submit();</script>`;
  } else if (step.kind === "iframe") {
    partner = origin(step.url);
    body =
      `<p>${escape(t.cardFrameNote)}</p><iframe title="${escape(t.cardStepTitle)}" src="${escape(step.url)}" ` +
      `style="width:100%;min-height:640px;border:0"></iframe>`;
    if (token) body += backToPayment(token, lang, nonce);
  } else {
    partner = "https:";
    // The acquirer's own markup (iyzico's checkout form) runs in a frame of its own, with no access to ours.
    body =
      `<iframe title="${escape(t.cardStepTitle)}" sandbox="allow-scripts allow-forms allow-popups ` +
      `allow-top-navigation" srcdoc="${escape(step.html)}" style="width:100%;min-height:640px;border:0"></iframe>`;
  }
  // A srcdoc frame inherits this policy: the acquirer's markup loads its scripts and styles from its own hosts.
  const markup = step.kind === "html";
  const csp = [
    "default-src 'none'",
    markup ? "script-src 'unsafe-inline' https:" : `script-src 'nonce-${nonce}'`,
    markup ? "style-src 'unsafe-inline' https:" : "style-src 'unsafe-inline'",
    // The frame's page follows its payment on our status endpoint (below).
    ...(step.kind === "iframe" ? ["connect-src 'self'"] : []),
    ...(markup ? ["img-src https: data:", "connect-src https:", "font-src https:"] : []),
    `form-action ${partner}`,
    `frame-src ${partner}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" ` +
    `content="width=device-width,initial-scale=1"><meta name="robots" ` +
    `content="noindex"><title>${escape(t.cardStepTitle)}</title></head><body ` +
    `style="font-family:system-ui,sans-serif;max-width:28rem;margin:0 auto;padding:1rem"><h1 ` +
    `style="font-size:1.25rem">${escape(t.cardStepTitle)}</h1>${body}</body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": csp,
      "referrer-policy": "no-referrer",
    },
  });
}

/**
 * Under a frame (PayTR's): a link back to our payment page, and a script that takes the customer there once the
 * payment is decided. The partner's notification decides it, and what the frame itself does at the end (load
 * our return URL inside the frame, which this page's policy refuses, or the whole window) does not matter.
 */
function backToPayment(token: string, lang: Lang, nonce: string): string {
  const page = `/pay/${token}?lang=${lang}`;
  const poll =
    `(function(){var u=${JSON.stringify(`/api/pay/${token}`)},b=${JSON.stringify(page)};function ` +
    `f(){fetch(u,{cache:"no-store"}).then(function(r){return ` +
    `r.ok?r.json():null}).then(function(d){if(d&&d.status&&d.status!=="pending"){location.href=b}else{setTimeout(f,` +
    `2000)}},function(){setTimeout(f,3000)})}setTimeout(f,2000)})();`;
  return (
    `<p><a id="back" href="${escape(page)}">${escape(PAY_MESSAGES[lang].backToPayment)}</a></p><script ` +
    `nonce="${nonce}">${poll}</script>`
  );
}

/** The stored step of a pending card payment, or null when there is none to perform. */
export async function loadCardStep(token: string): Promise<Exclude<NextStep, { kind: "redirect" }> | null> {
  const step = await storedCardStep(token);
  return step && step.kind !== "redirect" ? step : null;
}
