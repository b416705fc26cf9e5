import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

test("a customer pays a manual deposit on a phone, staff approve it, the provider gets the signed callback", async ({
  browser,
  baseURL,
}) => {
  const receiver = await startCallbackReceiver();
  try {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const iban = ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000000`);
    await addBankAccount(
      {
        dealerId: tenant.dealer.id,
        bankName: "Ziraat Bankası",
        accountName: "Demo Ödeme A.Ş.",
        iban,
        minAmount: "10",
        maxAmount: "5000",
      },
      { label: "e2e" },
    );
    const created = await signedRequest(baseURL!, "/api/provider/start-manual-deposit", tenant.creds, {
      middle: [tenant.site.credential_key],
      headers: { "x-credential-key": tenant.site.credential_key },
      body: { fullname: "<b>Ayşe</b> Kaya", username: "ayse", user_id: "u-1", amount: 250 },
    });
    const { payment_url: paymentUrl, tracking_code: code } = created.json.data as Record<string, string>;

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "tr-TR",
      extraHTTPHeaders: { "accept-language": "tr-TR,tr;q=0.9" },
    });
    const page = await phone.newPage();
    await page.goto(paymentUrl!);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("250,00\u00a0TL");
    await expect(page.getByRole("button", { name: "Parayı gönderdim" })).toBeVisible();
    await page.getByRole("link", { name: "EN" }).click();
    await expect(page.getByRole("button", { name: "I have sent the money" })).toBeVisible();
    await expect(page.getByTestId("countdown")).toHaveText(/^(29|30):\d\d$/);

    await page.getByLabel("Change amount").fill("300");
    await page.getByRole("button", { name: "Update amount" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("300.00\u00a0TL");
    await expect(
      page
        .getByText("TR", { exact: false })
        .filter({ hasText: iban.slice(0, 4) })
        .first(),
    ).toBeVisible();
    const sendTo = page.getByRole("region", { name: "Send the exact amount by bank transfer to this account" });
    await expect(sendTo).toContainText("Ziraat Bankası");
    await expect(sendTo).toContainText("Demo Ödeme A.Ş.");
    await expect(sendTo).toContainText(iban.replace(/(.{4})/g, "$1 ").trim());
    await expect(sendTo).toContainText(code!);
    await page.screenshot({ path: "test-results/manual-deposit-showing.png", fullPage: true });
    await page.getByRole("button", { name: "I have sent the money" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We are checking your transfer" })).toBeVisible();

    // The admin who confirms exists before the proposal is made (four-eyes eligibility).
    const secondAdmin = await consoleUser("admin");
    const staff = await browser.newPage();
    const email = `staff-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
    await createConsoleUser(
      { email, password: "a-strong-e2e-password", role: "dealer", dealerId: tenant.dealer.id },
      { label: "e2e" },
    );
    await staff.goto("/console/login");
    await staff.getByLabel("Email").fill(email);
    await staff.getByLabel("Password").fill("a-strong-e2e-password");
    await staff.getByRole("button", { name: "Sign in" }).click();
    await staff.getByRole("link", { name: "Approvals" }).click();
    const card = staff.getByRole("article", { name: code });
    await expect(card).toContainText("customer says sent");
    await expect(card).toContainText("<b>Ayşe</b> Kaya");
    await card.getByRole("button", { name: "Approve…" }).click();
    const dialog = staff.getByRole("dialog", { name: "Approve the 300.00\u00a0TL deposit of <b>Ayşe</b> Kaya?" });
    await dialog.getByLabel("Amount received").fill("299.50");
    await dialog
      .getByLabel("Reason, needed when the amount differs (the customer sees it)")
      .fill("the bank took a 0.50 fee");
    await dialog.getByRole("button", { name: "Approve deposit" }).click();
    // A differing amount needs a second person: the dealer's staff propose it, an admin confirms it.
    await expect(staff.getByRole("status").filter({ hasText: "Proposed with 299.50\u00a0TL" })).toBeVisible();
    const second = await browser.newPage();
    await signIn(second, secondAdmin);
    await second.goto("/console/approvals");
    await second
      .getByRole("article", { name: `Awaiting second approval ${code}` })
      .getByRole("button", { name: "Confirm…" })
      .click();
    await second.getByRole("button", { name: "Confirm and complete" }).click();
    await expect(
      second.getByRole("status").filter({ hasText: "Confirmed: completed with 299.50\u00a0TL" }),
    ).toBeVisible();

    const [callback] = await receiver.forTrackingCode(code!);
    expect(callback!.body).toMatchObject({ tracking_code: code, status: "completed", amount: 299.5, user_id: "u-1" });
    expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "Payment received, for a different amount" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(
      page.getByText(
        "The transfer was confirmed for 299.50\u00a0TL, not the 300.00\u00a0TL of the request; 299.50\u00a0TL has been credited.",
      ),
    ).toBeVisible();
    await expect(page.getByText("the bank took a 0.50 fee")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("299.50\u00a0TL");
    expect(
      (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code! } })).finalAmount?.toFixed(2),
    ).toBe("299.50");
    await page.screenshot({ path: "test-results/manual-deposit-phone.png" });
  } finally {
    await receiver.close();
  }
});

test("expired and unknown payment pages say so plainly", async ({ page, baseURL }) => {
  const tenant = await createTenant();
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "B",
      accountName: "H",
      iban: ibanFromBban("TR", `0006200${String(Date.now()).slice(-8)}0000000`),
      minAmount: "1",
      maxAmount: "100",
    },
    { label: "e2e" },
  );
  const created = await signedRequest(baseURL!, "/api/provider/start-manual-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { fullname: "A", username: "a", user_id: "u", amount: 10 },
  });
  const { payment_url: paymentUrl, tracking_code: code } = created.json.data as Record<string, string>;
  await prisma.transaction.update({ where: { trackingCode: code! }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await page.goto(`${paymentUrl}?lang=en`);
  await expect(page.getByRole("status").filter({ hasText: "This payment request has expired" })).toBeVisible();
  await expect(page.getByRole("button", { name: "I have sent the money" })).toHaveCount(0);
  const missing = await page.goto("/pay/not-a-real-token-at-all-0000");
  expect(missing?.status()).toBe(404);
});
