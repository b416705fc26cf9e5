import { expect } from "vitest";
import { formBody, postForm, readForm, type PageForm } from "../simulators/est-v3/browser";
import { httpRequest } from "./http";
import { startAppServer, type AppServer } from "./test-stack";

/**
 * What a customer's browser does on a card payment, over real HTTP and without a browser: our payment page's
 * "Pay by card" (the server action's no-script form), the step it leads to, the acquirer's pages, and the
 * form that carries the acquirer's answer back to our return URL.
 */

/**
 * A production server with the sandbox off (APP_ENV=production), over the integration run's database: only
 * real acquirers take card payments on it. It answers on its own origin, so its links and return URLs are its own.
 */
export async function startProductionServer(stackEnv: Record<string, string>): Promise<AppServer> {
  const env: Record<string, string> = { ...stackEnv };
  delete env.PUBLIC_BASE_URL;
  delete env.NEXTAUTH_URL;
  return startAppServer({ ...env, SANDBOX_ENABLED: "false", APP_ENV: "production", JOB_POLL_INTERVAL_MS: "200" });
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&");

/** Every form of a page with its inputs (name, value), and the text of its buttons. */
function forms(html: string): { action: string; fields: [string, string][]; buttons: string }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => {
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
    const fields: [string, string][] = [];
    for (const input of m[2]!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], "name");
      if (name !== undefined) fields.push([unescape(name), unescape(attr(input[0], "value") ?? "")]);
    }
    const buttons = [...m[2]!.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)]
      .map((b) => b[1]!.replace(/<[^>]+>/g, ""))
      .join(" ");
    return { action: unescape(attr(m[1]!, "action") ?? ""), fields, buttons };
  });
}

const CARD_BUTTONS = { en: ["Pay by card", "Try another card"], tr: ["Kartla öde", "Başka bir kartla dene"] };

/**
 * "Pay by card" (or, after a decline, "Try another card") on our payment page as a browser without scripts
 * submits it; returns where it sends the browser.
 */
export async function pressPayByCard(paymentUrl: string, lang: "en" | "tr" = "en"): Promise<string> {
  return pressButton(paymentUrl, lang, (buttons) => CARD_BUTTONS[lang].some((b) => buttons.includes(b)));
}

/**
 * A button of our payment page's forms pressed as a browser without scripts does; returns where the 303
 * leads. `choose` sets fields the customer picks (a radio button: its name with the value chosen), `query`
 * adds to the page's address (`kind=crypto`).
 */
export async function pressButton(
  paymentUrl: string,
  lang: "en" | "tr",
  which: (buttons: string) => boolean,
  options: { choose?: Record<string, string>; query?: string } = {},
): Promise<string> {
  const res = await postPageForm(paymentUrl, lang, which, options);
  expect(res.status, "the action redirects").toBe(303);
  return new URL(res.headers.get("location")!, paymentUrl).toString();
}

/** The same post, with the answer as it came (a refusal re-renders the page: 200 and its HTML). */
export async function postPageForm(
  paymentUrl: string,
  lang: "en" | "tr",
  which: (buttons: string) => boolean,
  options: { choose?: Record<string, string>; query?: string } = {},
): Promise<Response> {
  const pageUrl = `${paymentUrl}?lang=${lang}${options.query ? `&${options.query}` : ""}`;
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const form = forms(await page.text()).find((f) => which(f.buttons));
  expect(form, "the payment page has the form").toBeDefined();
  const chosen = options.choose ?? {};
  const body = new FormData();
  for (const [name, value] of form!.fields) if (!(name in chosen)) body.append(name, value);
  for (const [name, value] of Object.entries(chosen)) body.append(name, value);
  return fetch(new URL(form!.action || pageUrl, pageUrl), { method: "POST", body, redirect: "manual" });
}

/** Our card-step page (the acquirer's form_post): its form, and the origin its policy lets forms post to. */
export async function readCardStep(url: string): Promise<PageForm & { formAction: string }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const form = readForm(await res.text());
  expect(form).not.toBeNull();
  const formAction = /form-action ([^;]+)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
  return { ...form!, formAction };
}

/** Posts a page's form as the browser would (in the form's charset) and reads the answer page. */
export async function submit(form: PageForm, base: string, replace: Record<string, string> = {}) {
  const fields = form.fields.map(([n, v]): [string, string] => [n, replace[n] ?? v]);
  for (const [n, v] of Object.entries(replace)) if (!fields.some(([name]) => name === n)) fields.push([n, v]);
  return postForm(new URL(form.action, base).toString(), formBody(fields, form.charset));
}

/** The acquirer's answer page's form POSTed to our return URL exactly as the browser would; our answer. */
export async function postReturn(form: PageForm, tamper?: (fields: [string, string][]) => [string, string][]) {
  const fields = tamper ? tamper(form.fields) : form.fields;
  return httpRequest({
    url: form.action,
    body: formBody(fields, form.charset),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    checkResponse: false,
  });
}

/** The text of our payment page (server-rendered), for what it tells the customer. */
export async function paymentPageText(location: string): Promise<string> {
  const res = await fetch(location);
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
}
