import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { requireSecret } from "@/lib/base/config/dev-secrets";

const VERSION = "v1";

function key(): Buffer {
  const raw = Buffer.from(requireSecret("APP_ENCRYPTION_KEY"), "base64");
  if (raw.length !== 32) throw new Error("APP_ENCRYPTION_KEY must be 32 bytes, base64-encoded");
  return raw;
}

/** AES-256-GCM; output is "v1.<iv>.<tag>.<ciphertext>" in base64url so it fits a text column. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
}

export function decryptSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unrecognised secret format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
