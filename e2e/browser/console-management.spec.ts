import { decryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { consoleUser, signIn } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { expect, test } from "../support/browser-test";

const welcome = (baseURL: string, creds: { apiKey: string; secretKey: string }) =>
  signedRequest(baseURL, "/api/provider/welcome", creds);

test("an admin creates a provider: its keys are shown once and work against the API", async ({ page, baseURL }) => {
  await signIn(page, await consoleUser("admin"));
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Providers" }).click();
  const form = page.getByRole("region", { name: "New provider" });
  await form.getByLabel("Name").fill("Browser Provider");
  await form.getByLabel("IP whitelist, one per line").fill("127.0.0.1");
  await form.getByRole("button", { name: "Create provider" }).click();
  await expect(form.getByRole("status")).toContainText("created");
  const [apiKey, secretKey, verificationKey] = await form.getByTestId("one-time-secret").allTextContents();
  expect(apiKey).toMatch(/^pk_/);
  expect(verificationKey).toMatch(/^vk_/);
  expect((await welcome(baseURL!, { apiKey: apiKey!, secretKey: secretKey! })).status).toBe(200);
  await expect(page.getByRole("row", { name: /Browser Provider/ })).toBeVisible();
});

test("an admin rotates a provider's secret: shown once, gone after a reload, audited, old secret in grace", async ({
  page,
  baseURL,
}) => {
  const tenant = await createTenant();
  const admin = await consoleUser("admin");
  await signIn(page, admin);
  const { name } = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
  await page.goto("/console/providers");
  await page.getByRole("link", { name: `Manage ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const keys = page.getByRole("region", { name: "Keys" });
  await keys.getByLabel("Old secret keeps working for").selectOption({ label: "1 hour" });
  // A new secret is confirmed first; declining changes nothing.
  const before = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
  page.once("dialog", (dialog) => void dialog.dismiss());
  await keys.getByRole("button", { name: "Issue new secret" }).click();
  await expect(keys.getByRole("status")).toHaveCount(0);
  expect((await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } })).secretKeyEnc).toBe(
    before.secretKeyEnc,
  );
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("Issue a new secret?");
    void dialog.accept();
  });
  await keys.getByRole("button", { name: "Issue new secret" }).click();
  await expect(keys.getByRole("status")).toContainText("The old secret keeps working until");
  const secret = (await keys.getByTestId("one-time-secret").textContent())!;
  expect(secret).toMatch(/^sk_/);
  await expect(keys.getByRole("region", { name: "New secrets" })).toContainText("shown this once");

  const row = await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } });
  expect(decryptSecret(row.secretKeyEnc)).toBe(secret);
  expect(row.previousSecretValidTo!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  // The page now shows only a hint of the new secret.
  await expect(keys).toContainText(`sk_••••••••${secret.slice(-4)}`);

  await page.reload();
  await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(page.getByRole("region", { name: "Keys" })).toContainText("still verifies until");

  const audit = await prisma.auditLog.findMany({
    where: { action: "provider.rotate_secret", entityId: String(tenant.provider.id) },
  });
  expect(audit).toHaveLength(1);
  expect(audit[0]).toMatchObject({ actorLabel: admin.email, entityType: "provider" });
  expect(JSON.stringify(audit[0])).not.toContain(secret);

  expect((await welcome(baseURL!, tenant.creds)).status).toBe(200);
  expect((await welcome(baseURL!, { ...tenant.creds, secretKey: secret })).status).toBe(200);
});

test("an admin edits the IP whitelist: a bad entry is refused in words and nothing is saved, then a good list is saved", async ({
  page,
}) => {
  const tenant = await createTenant();
  await signIn(page, await consoleUser("admin"));
  await page.goto(`/console/providers/${tenant.provider.id}`);
  const panel = page.getByRole("region", { name: "IP whitelist" });
  const editor = panel.getByLabel("Allowed IPs and CIDR ranges, one per line");
  await expect(editor).toHaveValue("127.0.0.1");

  await editor.fill("127.0.0.1\n10.0.0.300\n203.0.113.0/24");
  await panel.getByRole("button", { name: "Save whitelist" }).click();
  await expect(panel.getByRole("alert")).toHaveText('Line 2: "10.0.0.300" is not a valid IP address or CIDR range');
  await expect(editor).toHaveValue("127.0.0.1\n10.0.0.300\n203.0.113.0/24");
  expect((await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } })).ipWhitelist).toEqual([
    "127.0.0.1",
  ]);
  expect(
    await prisma.auditLog.count({ where: { action: "provider.ip_whitelist", entityId: String(tenant.provider.id) } }),
  ).toBe(0);

  await editor.fill("127.0.0.1\n203.0.113.0/24\n2001:db8::/32");
  await panel.getByRole("button", { name: "Save whitelist" }).click();
  await expect(panel.getByRole("status")).toHaveText("Saved 3 entries.");
  expect((await prisma.provider.findUniqueOrThrow({ where: { id: tenant.provider.id } })).ipWhitelist).toEqual([
    "127.0.0.1",
    "203.0.113.0/24",
    "2001:db8::/32",
  ]);
  const [entry] = await prisma.auditLog.findMany({
    where: { action: "provider.ip_whitelist", entityId: String(tenant.provider.id) },
  });
  expect(entry).toMatchObject({
    before: { ipWhitelist: ["127.0.0.1"] },
    after: { ipWhitelist: ["127.0.0.1", "203.0.113.0/24", "2001:db8::/32"] },
  });
});
