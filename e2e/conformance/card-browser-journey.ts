import { expect } from "vitest";
import { verifyAsReceiver } from "../support/callback-receiver";
import { cardPayment } from "./card-payments";
import type { CardWorld } from "./card-refund-journeys";
import { callbacks, chromiumBrowser, transaction } from "./world";

/**
 * A customer on a 390 px phone (Chromium) paying by card: our payment page, "Pay by card", the partner's own
 * page (the row's adapter types the card there), back to our payment page saying the payment succeeded, with
 * nothing wider than the screen.
 */
export async function cardBrowserJourney(w: CardWorld): Promise<void> {
  const t = await w.dealer();
  const p = await cardPayment(w.app, t, 249.9);
  const context = await (
    await chromiumBrowser()
  ).newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    extraHTTPHeaders: { "accept-language": "en-GB,en;q=0.9" },
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${p.payment_url}?lang=en`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Card payment · 249.90\u00a0TL");
    await page.getByRole("button", { name: "Pay by card" }).click();
    await w.partner.payInBrowser(page);
    await page.waitForURL(`${p.payment_url}?lang=en`, { timeout: 20_000 });
    await page.getByRole("status").filter({ hasText: "Payment successful" }).waitFor({ timeout: 20_000 });
    const [callback] = await (await callbacks()).forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id, amount: 249.9 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect((await transaction(p.tracking_code)).status).toBe("success");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    await context.close();
  }
}
