import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { expectNoSeriousViolations } from "../support/accessibility";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consolePages, setConsoleLanguage } from "../support/console-pages";
import { signIn, workerAdmin } from "../support/console-users";
import { seedConsoleWorld } from "../support/console-world";
import { manualDeposit, payingTenant, phone } from "../support/payment-page";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

const CONSOLE_PAGES = [
  "/console",
  "/console/approvals",
  "/console/card-payments",
  "/console/deliveries",
  "/console/providers",
  "/console/gateways",
  "/console/eiban-wallets",
];

/** Enough data that each page renders its tables, badges and forms, not just its empty states. */
async function seed(baseURL: string, callbackUrl: string) {
  const tenant = await createTenant({ callbackUrl });
  const unique = String(Date.now()).slice(-8);
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `0001000${unique}0000000`),
      minAmount: "1",
      maxAmount: "5000",
    },
    { label: "e2e" },
  );
  await addFundedWallet({
    dealerId: tenant.dealer.id,
    iban: ibanFromBban("TR", `0082900${unique}0000000`),
    bankName: "Sandbox E-Bank",
    accountName: "Dealer E-IBAN",
    balance: "1000.00",
  });
  const created = await signedRequest(baseURL, "/api/provider/start-manual-deposit", tenant.creds, {
    middle: [tenant.site.credential_key],
    headers: { "x-credential-key": tenant.site.credential_key },
    body: { fullname: "Ayşe Kaya", username: "ayse", user_id: "u-1", amount: 250 },
  });
  const completed = await insertTransaction(tenant, { amount: "320.00" });
  await prisma.$transaction((tx) =>
    transitionTransaction(tx, {
      id: completed.id,
      to: "completed",
      actor: staffActor({ label: "test", viaCli: true }),
    }),
  );
  await insertTransaction(tenant, {
    method: "CREDIT_CARD",
    direction: "PAYMENT",
    status: "success",
    amount: "99.90",
    orderId: `A11Y-${unique}`,
  });
  await insertTransaction(tenant, {
    direction: "WITHDRAWAL",
    status: "pending",
    iban: ibanFromBban("TR", `0001000${unique}0000001`),
    recipientName: "Ayşe Kaya",
  });
  return { paymentUrl: String((created.json.data as Record<string, unknown>).payment_url) };
}

test("the main console pages and a payment page have no serious accessibility violations", async ({
  page,
  baseURL,
}) => {
  // The callback endpoint refuses, so the deliveries page shows retrying rows too.
  const receiver = await startCallbackReceiver(() => ({ status: 503, body: "maintenance" }));
  try {
    const { paymentUrl } = await seed(baseURL!, receiver.url);
    await receiver.waitFor(1);

    await page.goto("/console/login");
    await expectNoSeriousViolations(page, "/console/login");

    const email = `a11y-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
    await createConsoleUser({ email, password: "a-strong-e2e-password", role: "admin" }, { label: "e2e" });
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-strong-e2e-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Overview", exact: true, level: 1 })).toBeVisible();

    for (const path of CONSOLE_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, `admin: ${path}`);
    }

    await page.goto(paymentUrl);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, "manual deposit page, open");
  } finally {
    await receiver.close();
  }
});

for (const lang of ["tr", "en"] as const) {
  test(`every console page, a confirmation dialog and the payment pages' outcomes have no serious violations (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const receiver = await startCallbackReceiver();
    try {
      const world = await seedConsoleWorld(baseURL!, receiver.url);
      const pages = await consolePages(world);
      const customer = await payingTenant("https://casino.example/wallet");
      const open = await manualDeposit(baseURL!, customer, 1500);
      const rejected = await manualDeposit(baseURL!, customer, 1500);
      await rejectDeposit(rejected.row.id, { label: "e2e" }, "no transfer arrived");
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await signIn(page, await workerAdmin(), null);
      await setConsoleLanguage(context, baseURL!, lang);
      for (const path of pages) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousViolations(page, `admin: ${path}`);
      }
      await page.goto("/console/approvals?tab=sent");
      await page.locator("[data-queue-row] button[data-shortcut=r]").first().click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousViolations(page, "admin: /console/approvals?tab=sent, rejection dialog open");
      await context.close();
      const phoneContext = await phone(browser, lang);
      const phonePage = await phoneContext.newPage();
      for (const [url, kind] of [
        [open.url, "manual deposit page, open"],
        [rejected.url, "manual deposit page, rejected"],
        [`${baseURL}/pay/not-a-real-token-at-all-0000`, "payment page, not found"],
      ] as const) {
        await phonePage.goto(url);
        await expect(phonePage.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSeriousViolations(phonePage, kind);
      }
      await phoneContext.close();
    } finally {
      await receiver.close();
    }
  });
}
