import type { Page } from "@playwright/test";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { cardPayment } from "../support/payment-page";
import { expect, test } from "../support/browser-test";

const PAN = "4242424242424242";

async function enterCard(page: Page, paymentUrl: string, number: string) {
  await page.goto(`${paymentUrl}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Card payment · 249.90\u00a0TL");
  await page.getByRole("button", { name: "Pay by card" }).click();
  await expect(page).toHaveURL(/\/sandbox\/acquirer\/pay\//);
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
}

test.describe("card payment with 3-D Secure", () => {
  let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  test.beforeAll(async () => {
    receiver = await startCallbackReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });

  test("approved card: card form, OTP challenge, back to our result page; signed success callback", async ({
    page,
    baseURL,
  }) => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const data = await cardPayment(baseURL!, tenant, { amount: 249.9 });
    await enterCard(page, data.payment_url!, PAN);
    await expect(page).toHaveURL(/\/challenge\?lang=en$/);
    await page.getByLabel("One-time code sent to your phone").fill("123456");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(new RegExp(data.payment_url!.split("/pay/")[1]!));
    await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible({ timeout: 15_000 });
    const [callback] = await receiver.forTrackingCode(data.tracking_code!);
    expect(callback!.body).toMatchObject({
      status: "success",
      order_id: data.order_id,
      amount: 249.9,
      customer_name: "Ayşe Kaya",
    });
    expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    // The card number never reaches the service's own records.
    const leaks = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT (SELECT count(*) FROM transactions t WHERE t::text LIKE $1) + (SELECT count(*) FROM transaction_events e WHERE e::text LIKE $1)
            + (SELECT count(*) FROM callback_attempts a WHERE a::text LIKE $1) + (SELECT count(*) FROM sandbox_acquirer_sessions s WHERE s::text LIKE $1) AS n`,
      `%${PAN}%`,
    );
    expect(Number(leaks[0]!.n)).toBe(0);
  });

  test("declined card: the reason in the page's words and another card offered; no callback while it stays open", async ({
    page,
    baseURL,
  }) => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const data = await cardPayment(baseURL!, tenant, { amount: 249.9 });
    await enterCard(page, data.payment_url!, "4000000000009995");
    // The customer reads the reason in the page's words, by the acquirer's code; its own text is for staff.
    await expect(page.getByRole("status").filter({ hasText: "Your card was declined" })).toContainText(
      "The payment did not go through: the card has insufficient funds.",
      { timeout: 15_000 },
    );
    await expect(page.getByRole("button", { name: "Try another card" })).toBeVisible();
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: data.tracking_code } })).status).toBe(
      "pending",
    );
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: data.tracking_code } })).toBe(0);
  });

  test("the customer cancels on the acquirer's page: cancelled, and back on the site", async ({ page, baseURL }) => {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    await prisma.site.update({ where: { id: tenant.site.id }, data: { returnUrl: `${baseURL}/sandbox/return` } });
    const data = await cardPayment(baseURL!, tenant, { amount: 249.9 });
    await page.goto(`${data.payment_url}?lang=en`);
    await page.getByRole("button", { name: "Pay by card" }).click();
    await page.getByRole("button", { name: "Cancel and return to the merchant" }).click();
    // Back on the site's own page (its return URL), told the outcome and the tracking code.
    await page.waitForURL(/\/sandbox\/return\?/);
    await expect(page.getByTestId("return-status")).toHaveText("cancelled");
    await expect(page.getByTestId("return-tracking-code")).toHaveText(data.tracking_code!);
    const [callback] = await receiver.forTrackingCode(data.tracking_code!);
    expect(callback!.body).toMatchObject({ status: "cancelled" });
  });
});
