import type { Browser, Page } from "@playwright/test";
import { expectNoneIn, firstVisit, stateOf } from "./accessibility";

export type Lang = "tr" | "en";

/** The payment pages are checked on a 390 px phone and a 1440 px desktop, in both languages. */
export const SCREENS = [
  { lang: "tr", width: 390 },
  { lang: "en", width: 390 },
  { lang: "tr", width: 1440 },
  { lang: "en", width: 1440 },
] as const;

/** A customer's browser at that width, in that language (Accept-Language), with or without scripts. */
export function customer(browser: Browser, lang: Lang, width: number, javaScriptEnabled = true) {
  const phone = width < 500;
  return browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: lang === "tr" ? "tr-TR" : "en-GB",
    extraHTTPHeaders: { "accept-language": lang === "tr" ? "tr-TR,tr;q=0.9" : "en-GB,en;q=0.9" },
    javaScriptEnabled,
  });
}

/** Every POST the page makes must be answered without a server error: collected here. */
export function postFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.status() >= 500)
      failures.push(`${response.status()} ${response.url()}`);
  });
  return failures;
}

/**
 * The same check for a page shown without scripts. axe itself needs them (its run never ends in a page with
 * scripts off), so the page's HTML as that browser has it (scripts removed, the <noscript> content kept as
 * markup, its meta refresh dropped) is served at the same address to a browser with scripts, at the same
 * size, with the page's styles, and checked there.
 */
export async function expectNoSeriousViolationsWithoutScripts(page: Page, kind: string) {
  const state = `${await stateOf(page, kind)} · without scripts`;
  if (!firstVisit(state)) return;
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<meta http-equiv="refresh"[^>]*>/gi, "")
    .replace(/<\/?noscript>/gi, "");
  const url = page.url();
  const context = await page
    .context()
    .browser()!
    .newContext({ viewport: page.viewportSize() ?? undefined });
  try {
    const checker = await context.newPage();
    await checker.route(
      (u) => u.href === url,
      (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
    );
    await checker.goto(url);
    await expectNoneIn(checker, state);
  } finally {
    await context.close();
  }
}
