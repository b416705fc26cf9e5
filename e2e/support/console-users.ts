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

let admin: Promise<ConsoleCredentials> | undefined;

/**
 * This worker's admin, made at its first use: for the tests in which it does not matter which admin looks (pages,
 * words, layouts, accessibility). A test that decides as an admin, checks who did something or changes the account
 * makes an admin of its own with consoleUser("admin").
 */
export function workerAdmin(): Promise<ConsoleCredentials> {
  return (admin ??= consoleUser("admin"));
}

/** The session cookie of each user this worker has signed in: each signs in once (next-auth sessions are stateless). */
const sessions = new Map<string, Promise<string>>();

function sessionCookie(creds: ConsoleCredentials): Promise<string> {
  const key = `${creds.email}\n${creds.password}`;
  let session = sessions.get(key);
  if (!session) {
    session = signInToConsole(process.env.E2E_BASE_URL!, creds.email, creds.password);
    // A refused sign-in is not kept: the next call asks again.
    session.catch(() => sessions.delete(key));
    sessions.set(key, session);
  }
  return session;
}

/** The user's signed-in session as a browser context's storage state (browser.newContext({ storageState })). */
export async function sessionState(creds: ConsoleCredentials) {
  const session = await sessionCookie(creds);
  const at = session.indexOf("=");
  const url = new URL(process.env.E2E_BASE_URL!);
  return {
    cookies: [
      {
        name: session.slice(0, at),
        value: session.slice(at + 1),
        domain: url.hostname,
        path: "/",
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: "Lax" as const,
      },
    ],
    origins: [],
  };
}

/**
 * Signs the page's context in through next-auth's credentials flow over HTTP (signInToConsole, the integration
 * tests' own; once per user and worker), then hands the browser the session cookie. The login form itself, with and
 * without scripts, is what console-login.spec.ts and console-second-factor.spec.ts test; here it would only cost
 * every other test the login page's load and hydration. Then opens `open` (the console's overview unless told; null
 * when the test goes elsewhere next, since the overview is the console's heaviest page).
 */
export async function signIn(page: Page, creds: ConsoleCredentials, open: string | null = "/console"): Promise<void> {
  await page.context().addCookies((await sessionState(creds)).cookies);
  if (open === null) return;
  await page.goto(open);
  await page.getByTestId("console-user").waitFor();
}
