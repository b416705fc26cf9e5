import type { IncomingMessage } from "node:http";
import { THIRD_PARTY_CONTRACTS } from "@/lib/api/contracts";

const KIND_PATH = /^\/api\/provider\/third-party\/([^/]+)\/([^/]+)$/;
const ENDPOINTS = new Set(
  Object.values(THIRD_PARTY_CONTRACTS).flatMap((contracts) =>
    Object.values(contracts).map((c) => c.path.split("/").pop()!),
  ),
);
/** The methods Next routes; others keep going to Next as before. */
const NEXT_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"];

/**
 * True for a path of the third-party/[kind] route files whose kind has no contracts (e.g.
 * /api/provider/third-party/foo/start-deposit). Next would hand it to the [kind] route module; the server
 * answers it with Next's own 404 page instead, exactly as for any path no route file serves.
 */
export function isUnservedThirdPartyKind(req: IncomingMessage): boolean {
  if (!NEXT_METHODS.includes(req.method ?? "GET")) return false;
  let pathname: string;
  try {
    // Decoded as Next decodes it before routing.
    pathname = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
  } catch {
    return false;
  }
  const match = KIND_PATH.exec(pathname);
  return Boolean(match && ENDPOINTS.has(match[2]!) && !Object.hasOwn(THIRD_PARTY_CONTRACTS, match[1]!));
}
