import type { Page } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";

export type ConsoleCredentials = { email: string; password: string };

/** A console user of the given role, created with the CLI's domain function. */
export async function consoleUser(
  role: "admin" | "dealer" | "provider",
  scope: { dealerId?: number; providerId?: number } = {},
): Promise<ConsoleCredentials> {
  const email = `${role}-${randomCodeGroup(6).toLowerCase()}@e2e.test`;
  const password = "a-strong-e2e-password";
  await createConsoleUser({ email, password, role, ...scope }, { label: "e2e" });
  return { email, password };
}

export async function signIn(page: Page, creds: ConsoleCredentials): Promise<void> {
  await page.goto("/console/login");
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("console-user").waitFor();
}
