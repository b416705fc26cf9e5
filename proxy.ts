import { NextResponse, type NextRequest } from "next/server";
import { prisma } from "@/lib/base/db/prisma";
import { CONSOLE_LANG_COOKIE, CONSOLE_LANG_HEADER } from "@/lib/edge/i18n/console/lang";
import { pickLang } from "@/lib/edge/i18n/lang";
import { newSignInCsrf, signInCsrfCookieName, signInCsrfToken } from "@/lib/edge/auth/sign-in-csrf";

function nonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * A provider may allow its own sites to frame its payment pages, and a dealer's site integration its
 * website's origins for the payments it created (until revoked); every other page refuses framing.
 */
async function frameAncestors(pathname: string): Promise<string> {
  const token = /^\/pay\/([A-Za-z0-9_-]{16,64})$/.exec(pathname)?.[1];
  if (!token) return "'none'";
  const payment = await prisma.transaction
    .findUnique({
      where: { paymentToken: token },
      select: { provider: { select: { embedOrigins: true } }, siteIntegration: { select: { allowedOrigins: true, revokedAt: true } } },
    })
    .catch(() => null);
  const integration = payment?.siteIntegration && !payment.siteIntegration.revokedAt ? payment.siteIntegration.allowedOrigins : [];
  const origins = [...(payment?.provider?.embedOrigins ?? []), ...integration];
  return origins.length ? origins.join(" ") : "'none'";
}

/**
 * Security headers for pages: a per-request nonce CSP (no inline scripts without it), frame-ancestors,
 * and HSTS in production. Next reads the CSP from the request to put the nonce on its own scripts.
 */
export async function proxy(request: NextRequest) {
  const dev = process.env.NODE_ENV !== "production";
  const value = nonce();
  const ancestors = await frameAncestors(request.nextUrl.pathname);
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${value}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
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
  if (/^\/console(?:\/|$)/.test(path)) requestHeaders.set(CONSOLE_LANG_HEADER, pickLang(request.cookies.get(CONSOLE_LANG_COOKIE)?.value, request.headers.get("accept-language")));
  else if (customerPage) requestHeaders.set(CONSOLE_LANG_HEADER, pickLang(request.nextUrl.searchParams.get("lang"), request.headers.get("accept-language")));
  else requestHeaders.delete(CONSOLE_LANG_HEADER);
  // The sign-in form posts to next-auth with its CSRF token, scripts or not: the page reads the token from
  // the cookie, which is set here when missing (lib/edge/auth/sign-in-csrf.ts).
  const csrf = path === "/console/login" && !signInCsrfToken(request.cookies.get(signInCsrfCookieName())?.value) ? newSignInCsrf() : null;
  if (csrf) requestHeaders.set("cookie", [request.headers.get("cookie"), `${signInCsrfCookieName()}=${csrf.cookie}`].filter(Boolean).join("; "));
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (csrf) response.cookies.set(signInCsrfCookieName(), csrf.cookie, { httpOnly: true, sameSite: "lax", path: "/", secure: signInCsrfCookieName().startsWith("__Host-") });
  response.headers.set("content-security-policy", csp);
  response.headers.set("x-content-type-options", "nosniff");
  // Payment page URLs carry their token, so no other site may see them: same-origin sends no referrer
  // elsewhere, yet keeps the page's own origin in form posts. (no-referrer made browsers send Origin: null,
  // which the server actions' origin check refuses, so forms posted before scripts ran failed.)
  response.headers.set("referrer-policy", request.nextUrl.pathname.startsWith("/pay/") ? "same-origin" : "strict-origin-when-cross-origin");
  if (ancestors === "'none'") response.headers.set("x-frame-options", "DENY");
  if (!dev) response.headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = {
  // Pages only: API responses are JSON and carry no scripts; static assets need no nonce.
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)", missing: [{ type: "header", key: "next-router-prefetch" }] }],
};
