import type { Page } from "@playwright/test";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { expect, test } from "../support/browser-test";

const ACTOR = { label: "e2e" };
let serial = 0;
const iban = () => ibanFromBban("TR", `00062${String(Date.now()).slice(-9)}${String(++serial).padStart(8, "0")}`);

async function accountOf(dealerId: number) {
  return addBankAccount(
    { dealerId, bankName: "Own Bank", accountName: "Holder", iban: iban(), minAmount: "10", maxAmount: "1000" },
    ACTOR,
  );
}

/** What a user gets by typing a URL they should not reach. */
async function statusOf(page: Page, path: string) {
  return (await page.goto(path))?.status();
}

/** An edited form: the hidden id now names another tenant's row, as a hand-crafted request would. */
async function setHidden(page: Page, form: ReturnType<Page["locator"]>, name: string, value: number) {
  await form.evaluate(
    (el, [n, v]) => {
      const input =
        el.querySelector<HTMLInputElement>(`input[name="${n}"]`) ??
        Object.assign(el.appendChild(document.createElement("input")), { type: "hidden", name: n });
      input.value = String(v);
    },
    [name, value] as const,
  );
}

test("dealer staff manage their own bank account; another dealer's id in the form is refused and changes nothing", async ({
  page,
}) => {
  const [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
  const [own, foreign] = await Promise.all([accountOf(mine.dealer.id), accountOf(theirs.dealer.id)]);
  const foreignBefore = await prisma.bankAccount.findUniqueOrThrow({ where: { id: foreign.id } });
  await signIn(page, await consoleUser("dealer", { dealerId: mine.dealer.id }));
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Bank accounts" }).click();

  // Only their dealer's accounts are listed.
  await expect(page.getByRole("region", { name: `Bank account ${own.id}` })).toBeVisible();
  await expect(page.getByRole("region", { name: `Bank account ${foreign.id}` })).toHaveCount(0);

  const card = page.getByRole("region", { name: `Bank account ${own.id}` });
  // View first: the form opens on purpose.
  await expect(card.getByLabel("Max amount (TL)")).toBeHidden();
  await card.getByText("Edit", { exact: true }).click();
  await card.getByLabel("Max amount (TL)").fill("7500.25");
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved.");
  expect((await prisma.bankAccount.findUniqueOrThrow({ where: { id: own.id } })).maxAmount.toFixed(2)).toBe("7500.25");

  // The same form with the other dealer's account id.
  await card.getByLabel("Bank", { exact: true }).fill("Hijacked");
  await setHidden(page, card.locator("form"), "id", foreign.id);
  await card.getByRole("button", { name: "Save" }).click();
  await expect(card.getByRole("alert")).toHaveText("This is not available to your account.");
  expect(await prisma.bankAccount.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreignBefore);
  expect((await prisma.bankAccount.findUniqueOrThrow({ where: { id: own.id } })).bankName).toBe("Own Bank");

  // Adding an account for the other dealer by slipping its id into the add form.
  const add = page.getByRole("region", { name: "Add a bank account" });
  await add.getByLabel("Bank", { exact: true }).fill("Sneaky Bank");
  await add.getByLabel("Account holder").fill("Someone");
  await add.getByLabel("IBAN").fill(iban());
  await add.getByLabel("Min amount (TL)").fill("1");
  await add.getByLabel("Max amount (TL)").fill("100");
  await setHidden(page, add.locator("form"), "dealerId", theirs.dealer.id);
  await add.getByRole("button", { name: "Add account" }).click();
  await expect(add.getByRole("alert")).toHaveText("This is not available to your account.");
  expect(await prisma.bankAccount.count({ where: { bankName: "Sneaky Bank" } })).toBe(0);

  // Their dealer's settings are visible read-only (the only forms are the site integrations they manage
  // themselves); another dealer's page is 404, admin pages the no-access page (403).
  await page.goto(`/console/dealers/${mine.dealer.id}`);
  await expect(page.getByRole("region", { name: "Settings" })).toContainText("Read-only");
  await expect(page.locator("main form")).toHaveCount(
    await page.getByRole("region", { name: "Site integrations" }).locator("form").count(),
  );
  await expect(page.getByRole("region", { name: "Settings" }).locator("form")).toHaveCount(0);
  expect(await statusOf(page, `/console/dealers/${theirs.dealer.id}`)).toBe(404);
  for (const path of ["/console/providers", "/console/users", "/console/blocked-customers", "/console/gateways"])
    expect(await statusOf(page, path), path).toBe(403);
});

test("a provider viewer sees their provider read-only, no mutating controls, 404 for other tenants and the no-access page elsewhere", async ({
  page,
}) => {
  const [mine, theirs] = await Promise.all([createTenant(), createTenant()]);
  await Promise.all([
    blockCustomer({ providerId: mine.provider.id, userId: "mine-blocked-user", reason: "fraud" }, ACTOR),
    blockCustomer({ providerId: theirs.provider.id, userId: "their-blocked-user" }, ACTOR),
  ]);
  const { name } = await prisma.provider.findUniqueOrThrow({ where: { id: mine.provider.id } });
  await signIn(page, await consoleUser("provider", { providerId: mine.provider.id }));
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Providers" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("link", { name: `View ${name}` }).click();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("region", { name: "Settings" })).toContainText("Hidden: they were shown once");
  await expect(page.locator("main form")).toHaveCount(0);
  await expect(page.locator("main button")).toHaveCount(0);
  expect(await page.locator("main").textContent()).not.toMatch(/sk_|vk_/);

  await page.goto("/console/blocked-customers");
  await expect(page.getByText("mine-blocked-user")).toBeVisible();
  await expect(page.getByText("their-blocked-user")).toHaveCount(0);
  await expect(page.locator("main button")).toHaveCount(0);

  await page.goto("/console/sites");
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("main form")).toHaveCount(0);

  expect(await statusOf(page, `/console/providers/${theirs.provider.id}`)).toBe(404);
  for (const path of [
    "/console/users",
    "/console/gateways",
    "/console/dealers",
    "/console/bank-accounts",
    "/console/eiban-wallets",
    `/console/dealers/${mine.dealer.id}`,
  ]) {
    expect(await statusOf(page, path), path).toBe(403);
  }
});
