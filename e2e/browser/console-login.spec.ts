import { randomCodeGroup } from "@/lib/base/crypto/random";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { createTenant } from "../support/fixtures";
import { expect, test } from "../support/browser-test";

async function user(role: "admin" | "dealer" | "provider", scope: { dealerId?: number; providerId?: number } = {}) {
  const email = `${role}-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
  const password = "a-strong-e2e-password";
  await createConsoleUser({ email, password, role, ...scope }, { label: "e2e" });
  return { email, password };
}

async function signIn(page: import("@playwright/test").Page, creds: { email: string; password: string }) {
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/login$/);
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("an admin signs in, sees the overview with every site, and signs out", async ({ page }) => {
  const tenant = await createTenant();
  const admin = await user("admin");
  await signIn(page, admin);
  await expect(page.getByRole("heading", { name: "Overview", exact: true, level: 1 })).toBeVisible();
  await expect(page.getByTestId("console-user")).toContainText(`${admin.email} · Admin`);
  await expect(page.getByRole("cell", { name: await siteName(tenant.site.id), exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/login/);
  await page.goto("/console");
  await expect(page).toHaveURL(/\/console\/login$/);
});

test("a wrong password is refused with a message in words", async ({ page }) => {
  const admin = await user("admin");
  await signIn(page, { email: admin.email, password: "not-the-password" });
  await expect(page.getByRole("alert").filter({ hasText: "The email or password is not correct" })).toBeVisible();
  await expect(page).toHaveURL(/\/console\/login$/);
});

test("dealer staff see only their dealer's sites", async ({ page }) => {
  const mine = await createTenant();
  const other = await createTenant();
  const staff = await user("dealer", { dealerId: mine.dealer.id });
  await signIn(page, staff);
  await expect(page.getByTestId("console-user")).toContainText("Dealer staff");
  const rows = page.getByRole("region", { name: "Sites" }).locator("tbody tr");
  await expect(rows).toHaveCount(1);
  const [mineSite, otherSite] = await Promise.all([siteName(mine.site.id), siteName(other.site.id)]);
  await expect(rows.first()).toContainText(mineSite);
  await expect(page.getByText(otherSite)).toHaveCount(0);
});

async function siteName(id: number): Promise<string> {
  const { prisma } = await import("@/lib/base/db/prisma");
  return (await prisma.site.findUniqueOrThrow({ where: { id } })).name;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form posts (never a password in the URL) and signs in; a wrong password comes back in words", async ({
    page,
  }) => {
    const admin = await user("admin");
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) posted.push(`${request.method()} ${request.url()}`);
    });
    await signIn(page, { email: admin.email, password: "not-the-password" });
    await expect(page).toHaveURL(/\/console\/login\?.*error=CredentialsSignin/);
    await expect(page.getByRole("alert").filter({ hasText: "The email or password is not correct" })).toBeVisible();

    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(admin.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Overview", exact: true, level: 1 })).toBeVisible();
    expect(posted.filter((line) => line.startsWith("POST "))).toHaveLength(2);
    expect(posted.filter((line) => /password|a-strong-e2e/i.test(line))).toEqual([]);
  });
});
