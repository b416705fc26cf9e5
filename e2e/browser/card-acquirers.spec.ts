import type { Page } from "@playwright/test";
import { prisma } from "@/lib/base/db/prisma";
import { DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "../simulators/est-v3/server";
import {
  CARDS as GARANTI_CARDS,
  DEFAULT_TERMINAL,
  startGarantiSimulator,
  type GarantiSimulator,
} from "../simulators/garanti/server";
import { startIyzicoSimulator, type IyzicoSimulator } from "../simulators/iyzico/server";
import { startPaytrSimulator, type PaytrSimulator } from "../simulators/paytr/server";
import { admin } from "../support/admin-cli";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { startProductionServer } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { cardPayment, phone } from "../support/payment-page";
import type { AppServer } from "../support/test-stack";
import { expect, test } from "../support/browser-test";

/**
 * A customer on a 390 px phone paying by card at the real acquirers' (simulated) pages, on a production server
 * with the sandbox off: our payment page -> the acquirer's page -> back -> our page saying the payment succeeded.
 * The dealers' acquirers are set with the admin CLI, pointing at simulators started here.
 */

let server: AppServer;
let bank: EstV3Simulator;
let iyzico: IyzicoSimulator;
let garanti: GarantiSimulator;
let paytr: PaytrSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

test.beforeAll(async () => {
  bank = await startEstV3Simulator();
  iyzico = await startIyzicoSimulator();
  garanti = await startGarantiSimulator();
  paytr = await startPaytrSimulator({ retryEveryMs: 1000 });
  receiver = await startCallbackReceiver();
  server = await startProductionServer(JSON.parse(process.env.E2E_STACK_ENV ?? "{}") as Record<string, string>);
});
test.afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await bank?.stop();
  await iyzico?.stop();
  await garanti?.stop();
  await paytr?.stop();
});

type CardConnector = "est-v3" | "iyzico" | "garanti" | "paytr";

function configOf(connector: Exclude<CardConnector, "paytr">): Record<string, unknown> {
  if (connector === "est-v3")
    return {
      clientId: DEFAULT_STORE.clientId,
      storeKey: DEFAULT_STORE.storeKey,
      username: DEFAULT_STORE.username,
      password: DEFAULT_STORE.password,
      gatewayUrl: bank.gatewayUrl,
      apiUrl: bank.apiUrl,
    };
  if (connector === "iyzico") return { apiKey: iyzico.apiKey, secretKey: iyzico.secretKey, baseUrl: iyzico.url };
  const t = DEFAULT_TERMINAL;
  return {
    merchantId: t.merchantId,
    terminalId: t.terminalId,
    userId: "PROVOOS",
    password: t.users.PROVOOS,
    storeKey: t.storeKey,
    refundPassword: t.users.PROVRFN,
    gatewayUrl: garanti.gatewayUrl,
    apiUrl: garanti.apiUrl,
  };
}

async function tenantWith(connector: CardConnector) {
  const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
  // A PayTR store of its own, whose panel's notification URL is the dealer's address on this server.
  const store = connector === "paytr" ? paytr.addMerchant() : null;
  if (store)
    paytr.setNotificationUrl(store.merchantId, `${server.baseUrl}/api/webhooks/acquirer/dealers/${t.dealer.id}`);
  const config = store ? { ...store, baseUrl: paytr.url } : configOf(connector as Exclude<CardConnector, "paytr">);
  const set = admin(
    "acquirer:set",
    "--dealer",
    String(t.dealer.id),
    "--connector",
    connector,
    "--config",
    JSON.stringify(config),
  );
  expect(set.code, set.stderr).toBe(0);
  return t;
}

async function newPayment(t: Awaited<ReturnType<typeof tenantWith>>) {
  const data = await cardPayment(server.baseUrl, t, { amount: 249.9 });
  expect(data.payment_url).toBeTruthy();
  return data;
}

async function startAtOurPage(page: Page, paymentUrl: string) {
  await page.goto(`${paymentUrl}?lang=en`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Card payment · 249.90\u00a0TL");
  await page.getByRole("button", { name: "Pay by card" }).click();
}

async function endsSuccessful(page: Page, t: Awaited<ReturnType<typeof tenantWith>>, data: Record<string, string>) {
  await expect(page).toHaveURL(`${data.payment_url}?lang=en`, { timeout: 15_000 });
  await expect(page.getByRole("status").filter({ hasText: "Payment successful" })).toBeVisible({ timeout: 15_000 });
  const [callback] = await receiver.forTrackingCode(data.tracking_code!);
  expect(callback!.body).toMatchObject({ status: "success", order_id: data.order_id, amount: 249.9 });
  expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
  expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: data.tracking_code } })).status).toBe(
    "success",
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

async function payAtTheGate(page: Page) {
  await expect(page).toHaveURL(bank.gatewayUrl);
  await page.getByLabel("Card Number").fill("4355 0843 5508 4358");
  await page.getByLabel("Name on Card").fill("AYSE KAYA");
  await page.getByLabel("Expiry (MM/YY)").fill("12/30");
  await page.getByLabel("Security Code (CVV)").fill("000");
  await page.getByRole("button", { name: /^Pay / }).click();
}

test.describe("card payment at the real acquirers' pages (production, sandbox off, 390 px phone)", () => {
  test("est-v3: our page -> the bank's 3-D gate (test card approved) -> back -> payment successful", async ({
    browser,
  }) => {
    const t = await tenantWith("est-v3");
    const data = await newPayment(t);
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await startAtOurPage(page, data.payment_url!);
    await payAtTheGate(page);
    await endsSuccessful(page, t, data);
    await context.close();
  });

  test("est-v3 without JavaScript: every step is a form with a visible button", async ({ browser }) => {
    const t = await tenantWith("est-v3");
    const data = await newPayment(t);
    const context = await phone(browser, "en", { javaScriptEnabled: false });
    const page = await context.newPage();
    await startAtOurPage(page, data.payment_url!);
    await expect(page).toHaveURL(/\/card-step\?lang=en$/);
    await page.getByRole("button", { name: "Continue to the bank's secure page" }).click();
    await payAtTheGate(page);
    await page.getByRole("button", { name: "Return to the Store" }).click();
    await endsSuccessful(page, t, data);
    await context.close();
  });

  test("garanti: our page -> GVP's common payment page (test card approved) -> back -> payment successful", async ({
    browser,
  }) => {
    const t = await tenantWith("garanti");
    const data = await newPayment(t);
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await startAtOurPage(page, data.payment_url!);
    await expect(page).toHaveURL(garanti.gatewayUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Secure Common Payment Page");
    await page.getByLabel("Card Number").fill(GARANTI_CARDS.approve);
    await page.getByLabel("Name on Card").fill("AYSE KAYA");
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("Security Code (CVV)").fill("000");
    await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
    await endsSuccessful(page, t, data);
    expect(garanti.order(DEFAULT_TERMINAL.terminalId, data.order_id!.replace(/[^A-Za-z0-9]/g, ""))!.txns).toEqual([
      expect.objectContaining({ type: "sales", status: "00", amountMinor: 24990n }),
    ]);
    await context.close();
  });

  test("iyzico: our page -> iyzico's hosted page (test card approved) -> back -> payment successful", async ({
    browser,
  }) => {
    const t = await tenantWith("iyzico");
    const data = await newPayment(t);
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await startAtOurPage(page, data.payment_url!);
    await expect(page).toHaveURL(new RegExp(`^${iyzico.url}/checkoutform\\?`));
    await page.getByLabel("Name on card").fill("Ayse Kaya");
    await page.getByLabel("Card number").fill("5528790000000008");
    await page.getByLabel("Month").fill("12");
    await page.getByLabel("Year").fill("2030");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: "Pay" }).click();
    await endsSuccessful(page, t, data);
    await context.close();
  });

  test("paytr: our page -> our card step framing PayTR's page (the card entered in the frame) -> PayTR's notification -> payment successful", async ({
    browser,
  }) => {
    const t = await tenantWith("paytr");
    const data = await newPayment(t);
    const context = await phone(browser, "en");
    const page = await context.newPage();
    await startAtOurPage(page, data.payment_url!);
    await expect(page).toHaveURL(/\/card-step\?lang=en$/);
    const frame = page.frameLocator(`iframe[src^="${paytr.url}/odeme/guvenli/"]`);
    await frame.getByLabel("Name on card").fill("AYSE KAYA");
    await frame.getByLabel("Card number").fill("4355 0843 5508 4358");
    await frame.getByLabel("Expiry (MM/YY)").fill("12/30");
    await frame.getByLabel("CVV").fill("000");
    await frame.getByRole("button", { name: "Pay" }).click();
    await endsSuccessful(page, t, data);
    expect(paytr.state.notifications.filter((n) => n.oid === data.order_id!.replace("-", ""))).toEqual([
      expect.objectContaining({ acknowledged: true }),
    ]);
    await context.close();
  });
});
