import { readFileSync } from "node:fs";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { startCallbackReceiver } from "../support/callback-receiver";
import { setConsoleLanguage } from "../support/console-pages";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const WORDS = {
  en: {
    edit: "Edit",
    bank: "Bank",
    save: "Save",
    saved: "Saved.",
    limits: "10.00 TL – 5,000.00 TL",
    noUrl: "No URL: stopped",
    resend: "Resend now",
    delivered: "Delivered",
    maxAmount: "Max amount (TL)",
    newLimits: "10.00 TL – 7,500.50 TL",
  },
  tr: {
    edit: "Düzenle",
    bank: "Banka",
    save: "Kaydet",
    saved: "Kaydedildi.",
    limits: "10,00 TL – 5.000,00 TL",
    noUrl: "URL yok: durduruldu",
    resend: "Şimdi yeniden gönder",
    delivered: "İletildi",
    maxAmount: "En yüksek tutar (TL)",
    newLimits: "10,00 TL – 7.500,50 TL",
  },
};

for (const lang of ["tr", "en"] as const) {
  test(`bank accounts are shown first and edited on purpose; a callback without a URL stops until one is set (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const w = WORDS[lang];
    const receiver = await startCallbackReceiver();
    try {
      const tenant = await createTenant();
      const account = await addBankAccount(
        {
          dealerId: tenant.dealer.id,
          bankName: "Ziraat Bankası",
          accountName: "Demo Ödeme A.Ş.",
          iban: ibanFromBban("TR", `0001000${String(Date.now()).slice(-8)}0000005`),
          minAmount: "10",
          maxAmount: "5000",
        },
        { label: "e2e" },
      );
      const deposit = await insertTransaction(tenant, { amount: "75.00" });
      await approveDeposit(deposit.id, { label: "ops@e2e.test" });
      await signIn(page, await consoleUser("admin"), null);
      await setConsoleLanguage(context, baseURL!, lang);

      await page.goto("/console/bank-accounts");
      const card = page.locator("section").filter({ hasText: "Demo Ödeme A.Ş." }).last();
      await expect(card).toContainText(w.limits.replace(/ TL/g, "\u00a0TL"));
      await expect(card.getByLabel(w.bank, { exact: true })).toBeHidden();
      await card.getByText(w.edit, { exact: true }).click();
      await card.getByLabel(w.maxAmount).fill(lang === "tr" ? "7.500,50" : "7,500.50");
      await card.getByRole("button", { name: w.save }).click();
      await expect(card.getByRole("status")).toHaveText(w.saved);
      expect((await prisma.bankAccount.findUniqueOrThrow({ where: { id: account.id } })).maxAmount.toFixed(2)).toBe(
        "7500.50",
      );

      // The provider has no deposit callback URL: the delivery is stopped, not retried, and says why.
      const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: deposit.id } });
      await page.waitForTimeout(1500);
      expect(await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
        state: "NO_URL",
        attemptCount: 0,
      });
      await page.goto(`/console/deliveries?trackingCode=${deposit.trackingCode}`);
      await expect(page.getByTestId("delivery-row").or(page.locator("tbody tr")).first()).toContainText(w.noUrl);
      await prisma.provider.update({ where: { id: tenant.provider.id }, data: { depositCallbackUrl: receiver.url } });
      await page.goto(`/console/deliveries/${delivery.id}`);
      await page.getByRole("button", { name: w.resend }).click();
      const [received] = await receiver.forTrackingCode(deposit.trackingCode);
      expect(received!.body).toMatchObject({ tracking_code: deposit.trackingCode, status: "completed" });
    } finally {
      await receiver.close();
    }
  });
}

test("/docs offers the SDK as one file, and the reference tries a call against the sandbox", async ({
  page,
  baseURL,
}) => {
  const tenant = await createTenant();
  await page.goto("/docs");
  const download = page.waitForEvent("download");
  await page
    .getByRole("navigation", { name: "Documentation" })
    .getByRole("link", { name: "SDK (payment-sdk.ts)" })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("payment-sdk.ts");
  const source = readFileSync(await file.path(), "utf8");
  expect(source).toContain("export class ProviderClient");
  expect(source).not.toMatch(/^import .* from "(@\/|zod|\.\/)/m);

  await page.goto("/docs/reference");
  await page.getByLabel("API key").fill(tenant.creds.apiKey);
  await page.getByLabel("Secret key").fill(tenant.creds.secretKey);
  const reference = page.getByTestId("api-reference");
  await reference.getByText("/api/provider/welcome", { exact: true }).click();
  await reference.getByRole("button", { name: "Try it out" }).click();
  await reference.getByRole("button", { name: "Execute" }).click();
  await expect(reference.locator(".responses-table .response .response-col_status").first()).toHaveText("200");
  await expect(reference.locator(".responses-wrapper")).toContainText('"success": true');
  expect(baseURL).toBeTruthy();
});
