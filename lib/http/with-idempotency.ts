import { createHash } from "node:crypto";
import { prisma } from "@/lib/db/prisma";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "./api-error";
import { jsonResponse } from "./json-response";

const TTL_MS = 24 * 3600 * 1000;
const IN_PROGRESS = 0;

function requestHash(path: string, body: unknown): string {
  return createHash("sha256").update(`${path}\n${JSON.stringify(body)}`).digest("hex");
}

/**
 * decisions §8: with an Idempotency-Key, the first response to (caller, key) is stored for 24 hours and
 * replayed for the same request; the same key with another body is 409. The key is claimed before the
 * work runs, so two concurrent retries cannot both create. Server errors are not stored.
 */
export async function withIdempotency(req: Request, scope: string, body: unknown, run: () => Promise<Response>): Promise<Response> {
  const key = req.headers.get("idempotency-key")?.trim();
  if (!key) return run();
  if (key.length > 255) throw ApiError.validation(["Idempotency-Key must be at most 255 characters"]);
  const hash = requestHash(new URL(req.url).pathname, body);
  await prisma.idempotencyRecord.deleteMany({ where: { scope, key, createdAt: { lt: new Date(Date.now() - TTL_MS) } } });
  const claimed = await prisma.$executeRaw`
    INSERT INTO idempotency_records (scope, key, request_hash, status_code, response_body)
    VALUES (${scope}, ${key}, ${hash}, ${IN_PROGRESS}, '{}'::json) ON CONFLICT (scope, key) DO NOTHING`;
  if (claimed === 0) {
    const previous = await prisma.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
    if (!previous || previous.requestHash !== hash) {
      throw ApiError.plain(409, "Idempotency key reused", "This Idempotency-Key was already used with a different request.");
    }
    if (previous.statusCode === IN_PROGRESS) throw ApiError.plain(409, "Request in progress", "A request with this Idempotency-Key is still being processed.");
    return jsonResponse(previous.responseBody, previous.statusCode, { "idempotent-replayed": "true" });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) response = jsonResponse(error.body, error.status, error.headers);
    else {
      await prisma.idempotencyRecord.delete({ where: { scope_key: { scope, key } } }).catch(() => {});
      throw error;
    }
  }
  if (response.status >= 500) {
    await prisma.idempotencyRecord.delete({ where: { scope_key: { scope, key } } }).catch(() => {});
    return response;
  }
  const stored = (await response.clone().json()) as Prisma.InputJsonValue;
  await prisma.idempotencyRecord.update({ where: { scope_key: { scope, key } }, data: { statusCode: response.status, responseBody: stored } });
  return response;
}
