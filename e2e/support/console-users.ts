import type { Page } from "@playwright/test";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { signInToConsole } from "./console-session";

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

/**
 * Signs the page's context in through next-auth's credentials flow over HTTP (signInToConsole, the integration
 * tests' own), then hands the browser the session cookie. The login form itself, with and without scripts, is what
 * console-login.spec.ts and console-second-factor.spec.ts test; here it would only cost every other test the login
 * page's load and hydration (about a second of each sign-in on a two-core host). Leaves the page on the console.
 */
export async function signIn(page: Page, creds: ConsoleCredentials): Promise<void> {
  const baseUrl = process.env.E2E_BASE_URL!;
  const session = await signInToConsole(baseUrl, creds.email, creds.password);
  const at = session.indexOf("=");
  await page
    .context()
    .addCookies([
      { name: session.slice(0, at), value: session.slice(at + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" },
    ]);
  await page.goto("/console");
  await page.getByTestId("console-user").waitFor();
}
