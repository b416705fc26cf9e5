import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

const PASSWORD = "a-strong-e2e-password";

async function signIn(page: import("@playwright/test").Page, role: "admin" | "dealer", dealerId?: number) {
  const email = `${role}-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
  await createConsoleUser({ email, password: PASSWORD, role, dealerId }, { label: "e2e" });
  await page.goto("/console/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/console\/login/);
}

test("a card charged after it failed is raised in Needs attention for its dealer, and staff resolve it by saying what they did", async ({
  browser,
  baseURL,
}) => {
  const [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  const created = await signedRequest(baseURL!, "/api/provider/credit-card/payment", tenant.creds, {
    body: {
      credential_key: tenant.site.credential_key,
      username: "ayse.k",
      user_id: "u-1",
      firstname: "Ayşe",
      lastname: "Kaya",
      email: "ayse@example.com",
      phone: "+905551112233",
      amount: 450,
    },
  });
  const { tracking_code: code, order_id: orderId } = created.json.data as Record<string, string>;
  const payment = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
  await prisma.transaction.update({ where: { id: payment.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
  await expireTransaction(prisma, payment.id, new Date());
  // The acquirer approves (charges) the card after the 15-minute timeout failed the payment.
  const body = JSON.stringify({ orderId, status: "approved", authCode: "LATE42" });
  const late = await httpRequest({
    url: `${baseURL}/api/webhooks/acquirer`,
    body,
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signMessage("card-acquirer", body) },
  });
  expect(late.json).toMatchObject({ status: "conflict" });

  const outsider = await browser.newPage();
  await signIn(outsider, "dealer", other.dealer.id);
  await outsider.goto("/console/approvals");
  await expect(outsider.getByRole("article", { name: new RegExp(code!) })).toHaveCount(0);

  const staff = await browser.newPage();
  await signIn(staff, "dealer", tenant.dealer.id);
  await staff.goto("/console/approvals");
  const alert = staff.getByRole("article", { name: new RegExp(`Charged after it failed.*${code}`) });
  await expect(alert).toContainText("Card acquirer");
  await expect(alert).toContainText("450.00\u00a0TL");
  await staff.screenshot({ path: "test-results/needs-attention.png" });
  await alert.getByLabel("What was done").fill("Refunded LATE42 at the acquirer");
  await alert.getByRole("button", { name: "Resolve" }).click();
  await expect(staff.getByRole("status").filter({ hasText: "Resolved." })).toBeVisible();
  await expect(staff.getByRole("article", { name: new RegExp(code!) })).toHaveCount(0, { timeout: 10_000 });

  // The transaction's page keeps the report, and who resolved it with what.
  await staff.goto(`/console/transactions/${payment.id}`);
  await expect(staff.getByRole("region", { name: "Needs attention" })).toContainText("Refunded LATE42 at the acquirer");
  await expect(staff.getByText(/Not applied: Card acquirer reported approved \(auth code LATE42\)/)).toBeVisible();
  const stored = await prisma.alert.findFirstOrThrow({ where: { transactionId: payment.id } });
  expect(stored).toMatchObject({ kind: "late_card_approval", resolution: "Refunded LATE42 at the acquirer" });
});
