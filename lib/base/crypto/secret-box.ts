import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from "node:crypto";
import { requireSecret } from "@/lib/base/config/dev-secrets";
import { config } from "@/lib/base/config/env";

/**
 * Stored secrets are sealed with AES-256-GCM under a keyring so the key can be rotated:
 * - APP_ENCRYPTION_KEYS="k2:<base64>,k1:<base64>": the first (newest) key seals, every key opens; a sealed
 *   value is "v2.<keyId>.<iv>.<tag>.<ciphertext>" (base64url) and names the key that sealed it.
 * - APP_ENCRYPTION_KEY alone (the older single key, or the generated development key): values are sealed in
 *   the original "v1.<iv>.<tag>.<ciphertext>" format, which names no key, so servers of the previous release
 *   still read what this one writes during a rolling upgrade.
 * A "v1." value is opened with APP_ENCRYPTION_KEY when it is set and otherwise with each key of the ring in
 * turn (the GCM tag tells the right one), so the old key can move into the ring under any id.
 */
type RingKey = { id: string; key: KeyObject };
type Keyring = { ring: RingKey[]; legacy: KeyObject | null; versioned: boolean };

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A key as a KeyObject, made once when the ring is parsed: a cipher given the raw bytes builds one of its own on
 * every call, which made opening a secret five times dearer (about 70 µs against 14 on the bench's machine), and
 * every provider request and callback opens one.
 */
function decodeKey(raw: string, name: string): KeyObject {
  const key = Buffer.from(raw.trim(), "base64");
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes, base64-encoded`);
  return createSecretKey(key);
}

function parseRing(text: string): RingKey[] {
  const ring = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(":");
      const id = colon > 0 ? entry.slice(0, colon) : "";
      if (!KEY_ID.test(id))
        throw new Error('APP_ENCRYPTION_KEYS entries are "id:base64key" with an id of letters, digits, "-" or "_"');
      return { id, key: decodeKey(entry.slice(colon + 1), `APP_ENCRYPTION_KEYS key "${id}"`) };
    });
  if (ring.length === 0) throw new Error("APP_ENCRYPTION_KEYS names no key");
  if (new Set(ring.map((k) => k.id)).size !== ring.length) throw new Error("APP_ENCRYPTION_KEYS names a key id twice");
  return ring;
}

let cached: { source: string; keyring: Keyring } | undefined;

/** Read from the configuration on each call (cheaply: parsed once per value), so tests and the CLI can switch. */
function keyring(): Keyring {
  const ringText = config().APP_ENCRYPTION_KEYS ?? "";
  const single = config().APP_ENCRYPTION_KEY ?? "";
  const source = `${ringText}|${single}`;
  if (cached?.source === source) return cached.keyring;
  const parsed: Keyring = ringText.trim()
    ? { ring: parseRing(ringText), legacy: single ? decodeKey(single, "APP_ENCRYPTION_KEY") : null, versioned: true }
    : {
        ring: [{ id: "v1", key: decodeKey(requireSecret("APP_ENCRYPTION_KEY"), "APP_ENCRYPTION_KEY") }],
        legacy: null,
        versioned: false,
      };
  if (!parsed.versioned) parsed.legacy = parsed.ring[0]!.key;
  cached = { source, keyring: parsed };
  return parsed;
}

/** Fails start-up, not the first request, on a malformed keyring. */
export function assertEncryptionKeys(): void {
  keyring();
}

/** The id new values are sealed under; null while only the single APP_ENCRYPTION_KEY is configured. */
export function currentKeyId(): string | null {
  const { ring, versioned } = keyring();
  return versioned ? ring[0]!.id : null;
}

/** The key id a sealed value names ("v1" values name none: null). */
export function sealedKeyId(sealed: string): string | null {
  const parts = sealed.split(".");
  return parts[0] === "v2" && parts.length === 5 ? parts[1]! : null;
}

/** Whether a sealed value is under another key than the one that seals now (what re-encryption moves). */
export function isSealedWithCurrentKey(sealed: string): boolean {
  return sealedKeyId(sealed) === currentKeyId();
}

function seal(key: KeyObject, plain: string): Buffer[] {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data];
}

function open(key: KeyObject, iv: string, tag: string, data: string): string {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

export function encryptSecret(plain: string): string {
  const { ring, versioned } = keyring();
  const newest = ring[0]!;
  const parts = seal(newest.key, plain).map((p) => p.toString("base64url"));
  return (versioned ? ["v2", newest.id, ...parts] : ["v1", ...parts]).join(".");
}

export function decryptSecret(sealed: string): string {
  const parts = sealed.split(".");
  const { ring, legacy } = keyring();
  if (parts[0] === "v2" && parts.length === 5) {
    const [, id, iv, tag, data] = parts as [string, string, string, string, string];
    const key = ring.find((k) => k.id === id);
    if (!key) throw new Error(`Secret sealed with encryption key "${id}", which is not in APP_ENCRYPTION_KEYS`);
    return open(key.key, iv, tag, data);
  }
  if (parts[0] !== "v1" || parts.length !== 4) throw new Error("Unrecognised secret format");
  const [, iv, tag, data] = parts as [string, string, string, string];
  const candidates = legacy
    ? [legacy, ...ring.map((k) => k.key).filter((k) => !k.equals(legacy))]
    : ring.map((k) => k.key);
  let failure: unknown;
  for (const key of candidates) {
    try {
      return open(key, iv, tag, data);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** The same secret sealed under the current key, or null when it already is. */
export function resealSecret(sealed: string): string | null {
  return isSealedWithCurrentKey(sealed) ? null : encryptSecret(decryptSecret(sealed));
}
