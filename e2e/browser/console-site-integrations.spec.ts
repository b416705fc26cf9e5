import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { prisma } from "@/lib/base/db/prisma";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { signedRequest, type SiteCredentials } from "../support/signed-request";
import { seriousViolations } from "../support/accessibility";
import { expect, test } from "../support/browser-test";

const CUSTOMER = {
  username: "ayse",
  firstname: "Ayşe",
  lastname: "Yılmaz",
  email: "ayse@example.com",
  phone: "+905551112233",
  amount: 250,
};

/** Issues one on the dealer page's panel and returns what the page showed once. */
async function issue(page: Page, name: string): Promise<SiteCredentials> {
  const panel = page
    .getByRole("region", { name: "Site integrations" })
    .getByRole("region", { name: "New site integration" });
  await expect(panel.getByLabel("Settings (settings)")).toBeChecked();
  await expect(panel.getByLabel("Deposit offers (manual-iban/deposit)")).toBeChecked();
  await expect(panel.getByLabel("Card payments (credit-card/payment and status)")).toBeChecked();
  await expect(panel.getByLabel("Send money (send-money, transfer-status)")).not.toBeChecked();
  await panel.getByLabel("Website name").fill(name);
  await panel.getByLabel("Website origins, one per line").fill("https://shop.example");
  await panel.getByRole("button", { name: "Issue site integration" }).click();
  await expect(panel.getByRole("status")).toContainText(`Site integration "${name}" issued`);
  const [siteToken, secretKey] = await panel.getByTestId("one-time-secret").allTextContents();
  expect(siteToken).toMatch(/^st_/);
  expect(secretKey).toMatch(/^ss_/);
  return { siteToken: siteToken!, secretKey: secretKey! };
}

const settings = (baseURL: string, creds: SiteCredentials) =>
  signedRequest(baseURL, "/api/dealer/settings", creds, { method: "GET" });

test("an admin issues a site integration (shown once), rotates its secret with a grace period and revokes it", async ({
  page,
  baseURL,
}) => {
  const tenant = await createTenant();
  await signIn(page, await consoleUser("admin"), `/console/dealers/${tenant.dealer.id}`);
  const creds = await issue(page, "Web shop");

  expect((await settings(baseURL!, creds)).status).toBe(200);
  const refused = await signedRequest(baseURL!, "/api/dealer/send-money", creds, {
    body: { wallet_id: "WLT-X", recipient_iban: "TR330006100519786457841326", recipient_name: "R", amount: "10.00" },
  });
  expect(refused.json).toMatchObject({ success: false, error: "Scope not allowed" });

  // Shown once: after a reload only a hint of the token remains, and never the secret.
  await page.reload();
  const card = page.getByRole("region", { name: "Site integration Web shop" });
  await expect(card).toContainText(`st_••••••••${creds.siteToken.slice(-4)}`);
  await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(creds.siteToken);
  expect(await page.content()).not.toContain(creds.secretKey);
  await expect(card).toContainText("https://shop.example");

  // A card payment made through it names it on the transaction's page.
  const card250 = await signedRequest(baseURL!, "/api/dealer/credit-card/payment", creds, { body: CUSTOMER });
  const transaction = await prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: (card250.json.data as { tracking_code: string }).tracking_code },
  });
  await page.goto(`/console/transactions/${transaction.id}`);
  await expect(page.getByText(`Web shop (#${transaction.siteIntegrationId})`)).toBeVisible();

  await page.goto(`/console/dealers/${tenant.dealer.id}`);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Issue a new secret?");
    void dialog.accept();
  });
  await card.getByLabel("Old secret keeps working for").selectOption({ label: "1 hour" });
  await card.getByRole("button", { name: "Issue new secret" }).click();
  await expect(card.getByRole("status")).toContainText("The old secret keeps working until");
  const rotated = (await card.getByTestId("one-time-secret").textContent())!;
  expect(rotated).toMatch(/^ss_/);
  expect((await settings(baseURL!, creds)).status).toBe(200);
  expect((await settings(baseURL!, { ...creds, secretKey: rotated })).status).toBe(200);
  await page.reload();
  await expect(card).toContainText("still verifies until");

  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Revoke this site integration?");
    void dialog.accept();
  });
  await card.getByRole("button", { name: "Revoke" }).click();
  await expect(card).toContainText("revoked ");
  await expect(card.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  for (const secretKey of [creds.secretKey, rotated]) {
    const revoked = await settings(baseURL!, { ...creds, secretKey });
    expect(revoked.status).toBe(401);
    expect(revoked.json).toMatchObject({ error: "Invalid site token" });
  }
  expect(
    await prisma.auditLog.count({
      where: { entityType: "site_integration", entityId: String(transaction.siteIntegrationId) },
    }),
  ).toBe(3);
});

test("dealer staff issue and change their own dealer's site integrations; an edit with a bad line keeps what was typed", async ({
  page,
  baseURL,
}) => {
  const tenant = await createTenant();
  await signIn(
    page,
    await consoleUser("dealer", { dealerId: tenant.dealer.id }),
    `/console/dealers/${tenant.dealer.id}`,
  );
  const creds = await issue(page, "Staff shop");
  expect((await settings(baseURL!, creds)).status).toBe(200);

  await page.reload();
  const card = page.getByRole("region", { name: "Site integration Staff shop" });
  await card.getByText("Change name, scopes, IPs or origins").click();
  await card
    .getByLabel("Allowed IPs and CIDR ranges of the website's servers, one per line")
    .fill("203.0.113.7\n300.1.1.1");
  await card.getByRole("button", { name: "Save settings" }).click();
  await expect(card.getByRole("alert")).toContainText('"300.1.1.1" is not a valid IP address or CIDR range');
  await expect(card.getByLabel("Allowed IPs and CIDR ranges of the website's servers, one per line")).toHaveValue(
    "203.0.113.7\n300.1.1.1",
  );
  await card.getByLabel("Allowed IPs and CIDR ranges of the website's servers, one per line").fill("203.0.113.7");
  await card.getByLabel("Active (an inactive integration is refused with 403)").uncheck();
  await card.getByRole("button", { name: "Save settings" }).click();
  await expect(card.getByRole("status")).toHaveText("Saved.");
  const inactive = await settings(baseURL!, creds);
  expect(inactive.status).toBe(403);
  expect(inactive.json).toMatchObject({ error: "Site integration is inactive" });
  await page.reload();
  await expect(page.getByRole("region", { name: "Site integration Staff shop" })).toContainText(
    "inactive (refused with 403)",
  );
  const axe = await new AxeBuilder({ page })
    .include("section[aria-label='Site integrations']")
    .withTags(["wcag2a", "wcag2aa"])
    .setLegacyMode(true)
    .analyze();
  expect(seriousViolations(axe)).toEqual([]);

  // Another dealer's page stays a 404 for them.
  const other = await createTenant();
  const response = await page.goto(`/console/dealers/${other.dealer.id}`);
  expect(response!.status()).toBe(404);
});
