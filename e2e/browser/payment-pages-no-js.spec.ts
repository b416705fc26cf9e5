import type { Browser } from "@playwright/test";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { saveGateway } from "@/lib/domain/third-party/save-gateway";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createTenant, offerGateways } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

/**
 * A phone whose scripts have not loaded (or are off): every form of the payment page is a plain HTML post,
 * which must pass the server actions' origin check and come back as the next page.
 */
async function phoneWithoutScripts(browser: Browser) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "en-US",
  });
  const page = await context.newPage();
  // Every POST the page makes must be answered without a server error.
  const failures: string[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST" && response.status() >= 500)
      failures.push(`${response.status()} ${response.url()}`);
  });
  return { page, failures, close: () => context.close() };
}

/** A site made before return URLs were required: a cancel ends on our own page (with one, it goes back to the site). */
async function manualDeposit(baseURL: string, amount = 250) {
  const tenant = await createTenant({ returnUrl: null });
  const iban = ibanFromBban(
    "TR",
    `0001000${String(Date.now()).slice(-8)}${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
  );
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat Bankası",
      accountName: "Demo A.Ş.",
      iban,
      minAmount: "10",
      maxAmount: "5000",
    },
    { label: "e2e" },
  );
  const created = await signedRequest(baseURL, "/api/provider/start-manual-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { fullname: "Ayşe Kaya", username: "ayse", user_id: "u-1", amount },
  });
  return created.json.data as Record<string, string>;
}

test("a manual deposit's forms work without JavaScript: change the amount, then I have sent the money", async ({
  browser,
  baseURL,
}) => {
  const { payment_url: paymentUrl, tracking_code: code } = await manualDeposit(baseURL!);
  const phone = await phoneWithoutScripts(browser);
  try {
    const { page } = phone;
    const first = await page.goto(`${paymentUrl}?lang=en`);
    expect(first?.headers()["referrer-policy"]).toBe("same-origin");
    // The time left comes from the server, not from a script.
    await expect(page.getByTestId("countdown")).toHaveText(/^(29|30):\d\d$/);
    await page.getByLabel("Change amount").fill("300");
    await page.getByRole("button", { name: "Update amount" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("300.00\u00a0TL");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).amount.toFixed(2)).toBe(
      "300.00",
    );
    await page.getByRole("button", { name: "I have sent the money" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We are checking your transfer" })).toBeVisible();
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).status).toBe("pending");
    expect(phone.failures).toEqual([]);
  } finally {
    await phone.close();
  }
});

test("a manual deposit can be cancelled without JavaScript", async ({ browser, baseURL }) => {
  const { payment_url: paymentUrl, tracking_code: code } = await manualDeposit(baseURL!);
  const phone = await phoneWithoutScripts(browser);
  try {
    await phone.page.goto(`${paymentUrl}?lang=en`);
    // The in-page confirmation is a disclosure: it opens without scripts, and only its button cancels.
    await phone.page.locator("summary", { hasText: "Cancel" }).click();
    await expect(phone.page.getByText("If you already sent the money, do not cancel")).toBeVisible();
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).status).toBe("showing");
    await phone.page.getByRole("button", { name: "Yes, cancel this payment" }).click();
    await expect(phone.page.getByRole("status").filter({ hasText: "Payment request cancelled" })).toBeVisible();
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).status).toBe("canceled");
    expect(phone.failures).toEqual([]);
  } finally {
    await phone.close();
  }
});

test("a card payment's Pay by card works without JavaScript", async ({ browser, baseURL }) => {
  const tenant = await createTenant();
  const created = await signedRequest(baseURL!, "/api/provider/credit-card/payment", tenant.creds, {
    body: {
      credential_key: tenant.site.credential_key,
      username: "u",
      user_id: "u-9",
      firstname: "Ali",
      lastname: "Can",
      email: "ali@example.com",
      phone: "5550000000",
      amount: 450,
    },
  });
  const { payment_url: paymentUrl } = created.json.data as Record<string, string>;
  const phone = await phoneWithoutScripts(browser);
  try {
    await phone.page.goto(`${paymentUrl}?lang=en`);
    await expect(phone.page.getByTestId("countdown")).toHaveText(/^(14|15):\d\d$/);
    await phone.page.getByRole("button", { name: "Pay by card" }).click();
    await expect(phone.page).toHaveURL(/\/sandbox\/acquirer\/pay\//);
    expect(phone.failures).toEqual([]);
  } finally {
    await phone.close();
  }
});

test("a third-party deposit's gateway choice works without JavaScript", async ({ browser, baseURL }) => {
  const tenant = await createTenant();
  const suffix = randomCodeGroup(6).toLowerCase();
  const havale = await saveGateway(
    undefined,
    {
      method: "BANK",
      name: `Havale ${suffix}`,
      code: `nojs-bank-${suffix}`,
      minAmount: "10",
      maxAmount: "1000000",
      description: "e2e",
      isActive: true,
      requiredFields: ["iban", "account_holder"],
      supportedCryptoTypes: [],
    },
    { label: "e2e" },
  );
  await offerGateways(tenant.site.id, havale);
  const created = await signedRequest(baseURL!, "/api/provider/third-party/bank/start-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { user_id: "u-5", username: "deniz", fullname: "Deniz Ak", amount: 700 },
  });
  const { payment_url: paymentUrl, tracking_code: code } = created.json.data as Record<string, string>;
  const phone = await phoneWithoutScripts(browser);
  try {
    await phone.page.goto(`${paymentUrl}?lang=en`);
    await phone.page.getByRole("radio", { name: `Havale ${suffix}` }).check();
    await phone.page.getByRole("button", { name: "Continue" }).click();
    // The gateway's details carry its own reference to write (the page shows that one code, not ours).
    const reference = () =>
      prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } }).then((r) => r.gatewayReference);
    await expect.poll(reference, { timeout: 15_000 }).not.toBeNull();
    await expect(phone.page.getByText((await reference())!).first()).toBeVisible();
    const transaction = await prisma.transaction.findUniqueOrThrow({
      where: { trackingCode: code! },
      include: { gateway: true },
    });
    expect(transaction.status).toBe("pending");
    expect(transaction.gateway?.code).toBe(`nojs-bank-${suffix}`);
    expect(phone.failures).toEqual([]);
  } finally {
    await phone.close();
  }
});
