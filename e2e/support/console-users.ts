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

/**
 * Signs the page's context in the way the login form does without scripts: a POST of the credentials with
 * next-auth's CSRF token, whose cookies the browser context shares. The form itself, with and without scripts, is
 * what console-login.spec.ts and console-second-factor.spec.ts test; here it would only cost every other test the
 * login page's load and hydration (about 3 s of each sign-in on a two-core host). Leaves the page on the console.
 */
export async function signIn(page: Page, creds: ConsoleCredentials): Promise<void> {
  const request = page.context().request;
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email: creds.email, password: creds.password, callbackUrl: "/console" },
    maxRedirects: 0,
  });
  // next-auth answers with a redirect: to the callback URL when signed in, to the login page with ?error= when not.
  const location = answer.headers()["location"] ?? "";
  if (answer.status() !== 302 || location.includes("error="))
    throw new Error(`signing in ${creds.email} failed: ${answer.status()} ${location}`);
  await page.goto("/console");
  await page.getByTestId("console-user").waitFor();
}
