import { createHash, randomBytes } from "node:crypto";
import { requireSecret } from "@/lib/base/config/dev-secrets";
import { publicOriginIsHttps } from "./next-auth-options";

/**
 * The sign-in form posts to next-auth's own credentials callback, so it works before (and without) the
 * page's scripts: next-auth then wants the double-submit CSRF token of its cookie in the body. The page
 * cannot set a cookie while it renders, so the proxy sets it on the way to the sign-in page (proxy.ts).
 * The cookie is the one next-auth sets itself, `<token>|sha256(<token><secret>)`, under its own name;
 * sign-in-csrf.test.ts checks next-auth accepts it.
 */
export function signInCsrfCookieName(): string {
  return `${publicOriginIsHttps() ? "__Host-" : ""}next-auth.csrf-token`;
}

const hashOf = (token: string) =>
  createHash("sha256")
    .update(`${token}${requireSecret("NEXTAUTH_SECRET")}`)
    .digest("hex");

/** The token a cookie carries, if next-auth would accept the cookie. */
export function signInCsrfToken(cookieValue: string | undefined): string | null {
  const [token, hash] = (cookieValue ?? "").split("|");
  return token && hash && hash === hashOf(token) ? token : null;
}

/** A new token and the cookie value that carries it. */
export function newSignInCsrf(): { token: string; cookie: string } {
  const token = randomBytes(32).toString("hex");
  return { token, cookie: `${token}|${hashOf(token)}` };
}
