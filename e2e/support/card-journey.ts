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
  text.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, "&");

/** Every form of a page with its inputs (name, value), and the text of its buttons. */
function forms(html: string): { action: string; fields: [string, string][]; buttons: string }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map((m) => {
    const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag)?.[1];
    const fields: [string, string][] = [];
    for (const input of m[2]!.matchAll(/<input\b[^>]*>/gi)) {
      const name = attr(input[0], "name");
      if (name !== undefined) fields.push([unescape(name), unescape(attr(input[0], "value") ?? "")]);
    }
    const buttons = [...m[2]!.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/gi)].map((b) => b[1]!.replace(/<[^>]+>/g, "")).join(" ");
    return { action: unescape(attr(m[1]!, "action") ?? ""), fields, buttons };
  });
}

/** "Pay by card" on our payment page as a browser without scripts submits it; returns where it sends the browser. */
export async function pressPayByCard(paymentUrl: string, lang: "en" | "tr" = "en"): Promise<string> {
  const pageUrl = `${paymentUrl}?lang=${lang}`;
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const form = forms(await page.text()).find((f) => f.buttons.includes(lang === "tr" ? "Kartla öde" : "Pay by card"));
  expect(form, "the payment page has a Pay by card form").toBeDefined();
  const body = new FormData();
  for (const [name, value] of form!.fields) body.append(name, value);
  const res = await fetch(new URL(form!.action || pageUrl, pageUrl), { method: "POST", body, redirect: "manual" });
  expect(res.status, "the action redirects").toBe(303);
  return new URL(res.headers.get("location")!, pageUrl).toString();
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
  return httpRequest({ url: form.action, body: formBody(fields, form.charset), headers: { "content-type": "application/x-www-form-urlencoded" }, checkResponse: false });
}

/** The text of our payment page (server-rendered), for what it tells the customer. */
export async function paymentPageText(location: string): Promise<string> {
  const res = await fetch(location);
  return (await res.text()).replace(/<script[\s\S]*?<\/script>/gi, "").replace(/<[^>]+>/g, " ");
}
