import { NextResponse, type NextRequest } from "next/server";
import { CONSOLE_LANG_COOKIE, CONSOLE_LANG_HEADER } from "@/lib/edge/i18n/console/lang";
import { pickLang } from "@/lib/edge/i18n/lang";
import { paymentPagePolicy, type PagePolicy } from "@/lib/edge/pay/page-policy";
import { sandboxReturnOrigin } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { newSignInCsrf, signInCsrfCookieName, signInCsrfToken } from "@/lib/edge/auth/sign-in-csrf";

function nonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * What a page allows beyond its own origin: a payment page's framing sites, form targets (its acquirer, the
 * site's return URL) and logo (lib/edge/pay/page-policy.ts); the sandbox acquirer's pages their merchant's
 * return address, where their forms send the customer back. Every other page: nothing.
 */
async function pagePolicy(pathname: string): Promise<PagePolicy> {
  const token = /^\/pay\/([A-Za-z0-9_-]{16,64})$/.exec(pathname)?.[1];
  if (token) return paymentPagePolicy(token);
  const session = /^\/sandbox\/acquirer\/pay\/([A-Za-z0-9_-]{1,64})(?:\/challenge)?$/.exec(pathname)?.[1];
  const back = session ? await sandboxReturnOrigin(session) : null;
  return { frameAncestors: [], formTargets: back ? [back] : [], imageOrigins: [] };
}

/**
 * Security headers for pages: a per-request nonce CSP (no inline scripts without it), frame-ancestors,
 * and HSTS in production. Next reads the CSP from the request to put the nonce on its own scripts.
 */
export async function proxy(request: NextRequest) {
  const dev = process.env.NODE_ENV !== "production";
  const value = nonce();
  const policy = await pagePolicy(request.nextUrl.pathname);
  const ancestors = policy.frameAncestors.length ? policy.frameAncestors.join(" ") : "'none'";
  const extra = (origins: string[]) => origins.map((o) => ` ${o}`).join("");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${value}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(policy.imageOrigins)}`,
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${extra(policy.formTargets)}`,
    `frame-ancestors ${ancestors}`,
  ].join("; ");
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", value);
  requestHeaders.set("content-security-policy", csp);
  // The root layout owns <html lang> but cannot see the path: console pages get their language named here,
  // and so do the customer's pages (the payment page and the sandbox acquirer's, by ?lang= or the browser's
  // Accept-Language, as the pages choose it); every other page none (a client-sent header is dropped).
  const path = request.nextUrl.pathname;
  const customerPage = /^\/(?:pay|sandbox\/acquirer\/pay)\//.test(path);
  if (/^\/console(?:\/|$)/.test(path))
    requestHeaders.set(
      CONSOLE_LANG_HEADER,
      pickLang(request.cookies.get(CONSOLE_LANG_COOKIE)?.value, request.headers.get("accept-language")),
    );
  else if (customerPage)
    requestHeaders.set(
      CONSOLE_LANG_HEADER,
      pickLang(request.nextUrl.searchParams.get("lang"), request.headers.get("accept-language")),
    );
  else requestHeaders.delete(CONSOLE_LANG_HEADER);
  // The sign-in form posts to next-auth with its CSRF token, scripts or not: the page reads the token from
  // the cookie, which is set here when missing (lib/edge/auth/sign-in-csrf.ts).
  const csrf =
    path === "/console/login" && !signInCsrfToken(request.cookies.get(signInCsrfCookieName())?.value)
      ? newSignInCsrf()
      : null;
  if (csrf)
    requestHeaders.set(
      "cookie",
      [request.headers.get("cookie"), `${signInCsrfCookieName()}=${csrf.cookie}`].filter(Boolean).join("; "),
    );
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (csrf)
    response.cookies.set(signInCsrfCookieName(), csrf.cookie, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: signInCsrfCookieName().startsWith("__Host-"),
    });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-content-type-options", "nosniff");
  // Payment page URLs carry their token, so no other site may see them: same-origin sends no referrer
  // elsewhere, yet keeps the page's own origin in form posts. (no-referrer made browsers send Origin: null,
  // which the server actions' origin check refuses, so forms posted before scripts ran failed.)
  response.headers.set(
    "referrer-policy",
    request.nextUrl.pathname.startsWith("/pay/") ? "same-origin" : "strict-origin-when-cross-origin",
  );
  if (ancestors === "'none'") response.headers.set("x-frame-options", "DENY");
  if (!dev) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = {
  // Pages only: API responses are JSON and carry no scripts; static assets need no nonce.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
