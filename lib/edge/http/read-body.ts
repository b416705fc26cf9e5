import { settings } from "@/lib/base/config/settings";
import { ApiError } from "./api-error";
import { inexactNumbers } from "./exact-json-numbers";

function tooLarge(limit: number): ApiError {
  // The rest of the body is never read here: scripts/server.ts discards it for a moment, then closes.
  return ApiError.plain(413, "Payload too large", `The request body must not exceed ${limit / 1024} KiB.`);
}

/**
 * The body as text, counted while it is read: a declared Content-Length over the cap is refused before
 * reading, and a chunked body is refused as soon as it passes the cap, so memory stays flat whatever is sent.
 * The stream is left unread rather than cancelled: cancelling would destroy the socket before the 413 is sent.
 * (scripts/server.ts then discards what is still coming for a moment so the client reads the 413, and closes.)
 */
export async function readBodyText(req: Request, limit = settings.maxBodyBytes): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(req, limit));
}

/**
 * A JSON body as text: bytes that are not UTF-8 are 400 "Invalid JSON" before anything else looks at them, so a
 * signature over such a body is never checked against a replacement-character decoding of it (JSON is UTF-8).
 */
export async function readJsonBodyText(req: Request, limit = settings.maxBodyBytes): Promise<string> {
  const bytes = await readBodyBytes(req, limit);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON: it is not UTF-8 text.");
  }
}

async function readBodyBytes(req: Request, limit: number): Promise<Buffer> {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit);
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.releaseLock();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * JSON text to a value: empty is {}, malformed is 400, and a number that JSON.parse would round (past 2^53,
 * more digits than a double keeps, 1e400) is 422 instead of being read as a nearby value.
 */
export function parseJsonBody(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
  }
  const inexact = inexactNumbers(trimmed);
  if (inexact.length) {
    throw ApiError.validation(
      inexact.map(
        ({ path, literal }) =>
          `${path || "body"} must be a number that reads exactly: ` +
          `${literal.length > 40 ? `${literal.slice(0, 40)}...` : literal} would be rounded`,
      ),
    );
  }
  return value;
}
