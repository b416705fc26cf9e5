import { prisma } from "@/lib/base/db/prisma";
import { consoleUser, signIn, workerAdmin } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

test("an admin requires signed bodies for a provider and lowers its maximum per transaction; unsigned requests are then refused", async ({
  page,
  baseURL,
}) => {
  const tenant = await createTenant();
  await signIn(page, await workerAdmin(), `/console/providers/${tenant.provider.id}`);
  const panel = page.getByRole("region", { name: "API security" });
  await expect(panel.getByLabel("Maximum per transaction (TRY)")).toHaveValue("1,000,000.00");
  await panel.getByLabel("Require signed bodies (X-Signature)").check();
  await panel.getByLabel("Maximum per transaction (TRY)").fill("abc");
  await panel.getByRole("button", { name: "Save settings" }).click();
  await expect(panel.getByRole("alert")).toContainText("maximum per transaction must be a positive number");
  expect((await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } })).requireSignedBodies).toBe(
    false,
  );

  await panel.getByLabel("Maximum per transaction (TRY)").fill("2500");
  await panel.getByRole("button", { name: "Save settings" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved.");
  const saved = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
  expect({ required: saved.requireSignedBodies, max: saved.maxTransactionAmount.toFixed(2) }).toEqual({
    required: true,
    max: "2500.00",
  });
  const unsigned = await signedRequest(baseURL!, "/api/provider/welcome", tenant.creds);
  expect(unsigned.status).toBe(401);
  expect(unsigned.json).toMatchObject({ error: "Signature required" });
  expect(
    await prisma.auditLog.count({ where: { action: "provider.api_security", entityId: String(tenant.provider.id) } }),
  ).toBe(1);
});

test("a dealer without an IP whitelist is told why money-moving requests are refused and where to set it", async ({
  page,
}) => {
  const tenant = await createTenant({ dealerIps: [] });
  await signIn(page, await workerAdmin(), `/console/dealers/${tenant.dealer.id}`);
  const panel = page.getByRole("region", { name: "IP whitelist" });
  await expect(panel.getByRole("note")).toContainText("send-money and manual-iban/withdraw are refused with 403");
  await panel.getByLabel("Allowed IPs and CIDR ranges, one per line").fill("203.0.113.7");
  await panel.getByRole("button", { name: "Save whitelist" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved 1 entry.");
  await page.reload();
  await expect(page.getByRole("region", { name: "IP whitelist" }).getByRole("note")).toHaveCount(0);

  const staff = await page.context().browser()!.newPage();
  await prisma.dealer.update({ where: { id: tenant.dealer.id }, data: { ipWhitelist: [] } });
  await signIn(
    staff,
    await consoleUser("dealer", { dealerId: tenant.dealer.id }),
    `/console/dealers/${tenant.dealer.id}`,
  );
  await expect(
    staff.getByText("send-money and manual-iban/withdraw are refused until an administrator sets one"),
  ).toBeVisible();
});
