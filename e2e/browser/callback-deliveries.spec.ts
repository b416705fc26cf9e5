import { prisma } from "@/lib/base/db/prisma";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { expect, test } from "../support/browser-test";

test("an operator finds a failed callback, reads its attempts and resends it", async ({ page }) => {
  let healthy = false;
  const receiver = await startCallbackReceiver(() =>
    healthy ? { status: 200, body: "OK" } : { status: 503, body: "maintenance" },
  );
  try {
    const tenant = await createTenant({ callbackUrl: receiver.url });
    const deposit = await insertTransaction(tenant);
    await prisma.$transaction((tx) =>
      transitionTransaction(tx, {
        id: deposit.id,
        to: "completed",
        actor: staffActor({ label: "test", viaCli: true }),
      }),
    );
    await receiver.waitFor(1);

    const email = `ops-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
    await createConsoleUser({ email, password: "a-strong-e2e-password", role: "admin" }, { label: "e2e" });
    await page.goto("/console/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a-strong-e2e-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("link", { name: "Callbacks" }).click();
    await expect(page).toHaveURL(/\/console\/deliveries$/);

    // On a loaded machine the list may still be replacing the page it came from, which loses what was typed:
    // type and send again until the address carries the code.
    await expect(async () => {
      await page.getByLabel("Tracking code", { exact: true }).fill(deposit.trackingCode);
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(new RegExp(`trackingCode=${deposit.trackingCode}`), { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const row = page.locator("tbody tr");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(deposit.trackingCode);
    await expect(row).toContainText("HTTP 503");
    await row.getByRole("link").click();

    const attempt = page.getByRole("article", { name: "Attempt 1" });
    await expect(attempt).toContainText("HTTP 503");
    await expect(attempt).toContainText("maintenance");
    await expect(attempt).toContainText("x-hash:");

    healthy = true;
    await page.getByRole("button", { name: "Resend now" }).click();
    await expect(page.getByRole("status")).toContainText("Queued");
    const [, second] = await receiver.waitFor(2);
    expect(verifyAsReceiver(second!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    await expect
      .poll(
        async () => (await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: deposit.id } })).state,
      )
      .toBe("DELIVERED");
    await page.reload();
    await expect(page.getByRole("article", { name: "Attempt 2" })).toContainText("acknowledged");
  } finally {
    await receiver.close();
  }
});
