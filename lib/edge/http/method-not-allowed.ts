import type { IncomingMessage, ServerResponse } from "node:http";
import { CONTRACT_LIST } from "@/lib/api/contracts";

/**
 * The methods each API route file exports. The provider and dealer endpoints come from their contracts;
 * the other route files are listed here (a unit test keeps both equal to the route files).
 */
const OTHER_API_ROUTES: Record<string, string[]> = {
  "/api/auth/[...nextauth]": ["GET", "POST"],
  "/api/health": ["GET"],
  "/api/inngest": ["GET", "POST", "PUT"],
  "/api/metrics": ["GET"],
  "/api/openapi.json": ["GET"],
  "/api/pay/[token]": ["GET"],
  "/api/pay/[token]/card-step": ["GET"],
  "/api/ready": ["GET"],
  "/api/returns/card/[token]": ["GET", "POST"],
  "/api/webhooks/acquirer": ["POST"],
  "/api/webhooks/acquirer/[token]": ["POST"],
  "/api/webhooks/acquirer/dealers/[dealerId]": ["POST"],
  "/api/webhooks/bank": ["POST"],
  "/api/webhooks/gateways/[code]": ["POST"],
  "/api/webhooks/gateways/id/[id]": ["POST"],
};

export const API_ROUTE_METHODS: Record<string, string[]> = { ...OTHER_API_ROUTES };
for (const op of CONTRACT_LIST) (API_ROUTE_METHODS[op.path] ??= []).push(op.method.toUpperCase());

/** The methods Next can route at all; anything else (TRACE, QUERY, WebDAV...) fails inside Next. */
const NEXT_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];
/** What pages answer: rendering, and their forms' posts. */
const PAGE_ALLOW = "GET, HEAD, POST";

const ROUTES = Object.entries(API_ROUTE_METHODS).map(([route, methods]) => {
  const source = route
    .split("/")
    .map((segment) =>
      segment.startsWith("[...")
        ? ".+"
        : segment.startsWith("[")
          ? "[^/]+"
          : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
    )
    .join("/");
  // Next answers HEAD with the GET handler and OPTIONS with the Allow list itself.
  const allowed = [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort();
  return { pattern: new RegExp(`^${source}$`), allowed };
});

/**
 * The Allow list when `method` is not supported on `pathname`, or null when it is (or the path is not ours to judge).
 */
export function unsupportedMethodAllow(method: string, pathname: string): string | null {
  const route = ROUTES.find((r) => r.pattern.test(pathname));
  if (route) return route.allowed.includes(method) ? null : route.allowed.join(", ");
  // Unknown API paths are Next's 404; pages render for every method Next knows.
  if (pathname.startsWith("/api/") || NEXT_METHODS.includes(method)) return null;
  return PAGE_ALLOW;
}

/**
 * Answers a method the target does not support with 405, Allow and the contract's error shape, before Next
 * sees it: Next answers such methods on API routes with an empty 405 without Allow, and throws on TRACE
 * (the Fetch Request it builds refuses it) or answers 400 to methods it does not know. True when answered.
 */
export function refuseUnsupportedMethod(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? "GET";
  let pathname: string;
  try {
    // Decoded as Next decodes it before routing, so /api/provider/%77elcome is the welcome route too.
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    return false;
  }
  const allow = unsupportedMethodAllow(method, pathname);
  if (allow === null) return false;
  const body = JSON.stringify({
    success: false,
    error: "Method not allowed",
    message: `${method} is not supported on ${pathname}; use ${allow}.`,
  });
  // The request's content is never read: close the connection after answering rather than reuse it mid-body.
  const hasContent = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
  res.writeHead(405, {
    allow,
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(body),
    ...(hasContent ? { connection: "close" } : {}),
  });
  res.end(method === "HEAD" ? undefined : body);
  return true;
}
