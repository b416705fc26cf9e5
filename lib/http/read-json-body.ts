import { settings } from "@/lib/config/settings";
import { ApiError } from "./api-error";

/** Reads the body as JSON, refusing bodies over 64 KiB (413) and malformed JSON (400). Empty -> {}. */
export async function readJsonBody(req: Request): Promise<unknown> {
  const limit = settings.maxBodyBytes;
  const declared = Number(req.headers.get("content-length") ?? 0);
  if (declared > limit) throw tooLarge(limit);
  const buffer = await req.arrayBuffer();
  if (buffer.byteLength > limit) throw tooLarge(limit);
  const text = new TextDecoder().decode(buffer).trim();
  if (text === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.plain(400, "Invalid JSON", "The request body is not valid JSON.");
  }
}

function tooLarge(limit: number): ApiError {
  return ApiError.plain(413, "Payload too large", `The request body must not exceed ${limit / 1024} KiB.`);
}
