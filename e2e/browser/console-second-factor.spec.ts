import type { Page } from "@playwright/test";
import { generateSync } from "otplib";
import { prisma } from "@/lib/base/db/prisma";
import { consoleUser, type ConsoleCredentials } from "../support/console-users";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { startAppServer, type AppServer } from "../support/test-stack";
import { expect, test } from "../support/browser-test";

// A server of its own on the suite's database, with admins required to sign in with a second factor (as in
// production) and no grace period, so an admin without one is refused at once; the suite's own server only
// offers it.
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const env = JSON.parse(process.env.E2E_STACK_ENV ?? "{}") as Record<string, string>;
  delete env.NEXTAUTH_URL;
  delete env.PUBLIC_BASE_URL;
  server = await startAppServer({
    ...env,
    CONSOLE_ADMIN_SECOND_FACTOR: "required",
    CONSOLE_ADMIN_SECOND_FACTOR_GRACE_DAYS: "0",
    JOB_RUNNER: "off",
  });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page, creds: ConsoleCredentials, code?: string) {
  await page.goto(`${server.baseUrl}/console/login`);
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (code === undefined) return;
  await expect(
    page.getByRole("alert").filter({ hasText: "enter the code your authenticator app shows" }),
  ).toBeVisible();
  await page.getByLabel("Code from the authenticator app (or a recovery code)").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function approveFromQueue(page: Page, trackingCode: string) {
  // The "customer says sent" queue, narrowed to this deposit: the shared database holds many open ones.
  await page.goto(`${server.baseUrl}/console/approvals?tab=sent&q=${encodeURIComponent(trackingCode)}`);
  const card = page.getByRole("article", { name: trackingCode });
  await card.getByRole("button", { name: "Approve…" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount received").fill("150.00");
  await dialog.getByRole("button", { name: "Approve deposit" }).click();
}

test("an admin without a second factor cannot approve; after TOTP enrolment (QR code, recovery codes once) sign-in asks for the code and the approval goes through", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tenant = await createTenant();
  const deposit = await insertTransaction(tenant, { status: "pending" });
  const admin = await consoleUser("admin");

  // Password only: signed in, but the money action is refused in words and nothing changes.
  await signIn(page, admin);
  await page.getByTestId("console-user").waitFor();
  // Every page says so before anything is tried.
  await expect(page.getByTestId("second-factor-banner")).toContainText("blocked until you set up a second factor");
  await approveFromQueue(page, deposit.trackingCode);
  await expect(page.getByRole("article", { name: deposit.trackingCode }).getByRole("alert")).toContainText(
    "This needs a session signed in with a second factor",
  );
  expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("pending");

  // Enrolment: a QR code and its key; a code from the app turns it on and shows the recovery codes once.
  await page.goto(`${server.baseUrl}/console/security`);
  await expect(page.getByRole("heading", { name: "Sign-in security", level: 1 })).toBeVisible();
  await expect(page.getByText("Your role must use a second factor")).toBeVisible();
  await page.getByRole("button", { name: "Set up a second factor" }).click();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("totp-key").textContent())!.trim();
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("That code is not the one the app shows now")).toBeVisible();
  const enrolledAt = Math.floor(Date.now() / 1000);
  const enrolmentCode = generateSync({ secret, epoch: enrolledAt });
  await page.getByLabel("Code from the app").fill(enrolmentCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("The second factor is on.")).toBeVisible();
  // The page says it is on, and no longer says "not set up" nor shows the QR code and its key.
  await expect(page.getByText("No second factor is set up.")).toHaveCount(0);
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toHaveCount(0);
  await expect(page.getByTestId("totp-key")).toHaveCount(0);
  const shown = (await page.getByRole("region", { name: "Recovery codes" }).textContent()) ?? "";
  const recoveryCodes = shown.match(/[A-Z0-9]{5}-[A-Z0-9]{5}/g) ?? [];
  expect(recoveryCodes).toHaveLength(10);
  // No character of a code reads as another (Crockford's base 32: no I, L, O or U).
  expect(recoveryCodes.join("")).not.toMatch(/[ILOU]/);
  const row = await prisma.consoleUser.findUniqueOrThrow({ where: { email: admin.email } });
  expect(row.totpEnabledAt).not.toBeNull();
  expect(row.recoveryCodeHashes).toHaveLength(10);
  expect(row.recoveryCodeHashes.join()).not.toContain(recoveryCodes[0]!);
  expect(row.totpSecretEnc).not.toContain(secret);

  // The session that enrolled has ended; the password alone no longer signs in, a wrong code is refused.
  await page.goto(`${server.baseUrl}/console`);
  await expect(page).toHaveURL(/\/console\/login/);
  await signIn(page, admin, "123456");
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct" })).toBeVisible();
  // A code counts once: the one that turned the factor on is refused; the app's next code signs in (the
  // check accepts one 30-second step either side of the server's clock).
  await page.getByLabel("Code from the authenticator app (or a recovery code)").fill(enrolmentCode);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct" })).toBeVisible();
  await page
    .getByLabel("Code from the authenticator app (or a recovery code)")
    .fill(generateSync({ secret, epoch: Math.max(Math.floor(Date.now() / 1000), enrolledAt + 30) }));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("console-user").waitFor();

  // Signed in with the second factor, the same approval goes through.
  await approveFromQueue(page, deposit.trackingCode);
  await expect(page.getByRole("status").filter({ hasText: "Approved with 150.00" }).first()).toBeVisible();
  expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).not.toBe("pending");

  // A recovery code signs in once.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/login/);
  await signIn(page, admin, recoveryCodes[0]!);
  await page.getByTestId("console-user").waitFor();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/console\/login/);
  await signIn(page, admin, recoveryCodes[0]!);
  await expect(page.getByRole("alert").filter({ hasText: "That code is not correct" })).toBeVisible();

  // Another recovery code, misread off the paper (0 as O, 1 as I or l) and typed in lower case without its
  // hyphen, is read as it was printed.
  const misread = recoveryCodes[1]!.replace("-", "").toLowerCase().replace(/0/g, "o").replace(/1/g, "l");
  await page.getByLabel("Code from the authenticator app (or a recovery code)").fill(misread);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("console-user").waitFor();
});
