import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dataDir } from "./data-dir";
import { config } from "./env";
import { isProductionMode } from "./run-mode";

type DevSecrets = { encryptionKey: string; nextAuthSecret: string };

let cached: DevSecrets | undefined;

/**
 * Outside production a missing key is generated once under .data/ so `npm run dev` needs no setup.
 * Production refuses to start without real keys (see requireSecret).
 */
export function devSecrets(): DevSecrets {
  if (cached) return cached;
  const file = dataDir("dev-secrets.json");
  if (existsSync(file)) {
    cached = JSON.parse(readFileSync(file, "utf8")) as DevSecrets;
    return cached;
  }
  cached = {
    encryptionKey: randomBytes(32).toString("base64"),
    nextAuthSecret: randomBytes(32).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(cached, null, 2), { mode: 0o600 });
  return cached;
}

/** Production mode (lib/base/config/run-mode.ts decides it for every entry point and sets NODE_ENV). */
export function isProduction(): boolean {
  return isProductionMode(config());
}

export function requireSecret(name: "APP_ENCRYPTION_KEY" | "NEXTAUTH_SECRET"): string {
  const value = config()[name];
  if (value) return value;
  if (isProduction()) {
    throw new Error(`${name} must be set in production (or set APP_ENV=development to use generated development keys)`);
  }
  return name === "APP_ENCRYPTION_KEY" ? devSecrets().encryptionKey : devSecrets().nextAuthSecret;
}

/** Fails start-up, not the first request, when production lacks its keys. */
export function assertProductionSecrets(): void {
  // A keyring (APP_ENCRYPTION_KEYS, lib/base/crypto/secret-box.ts) stands in for the single key.
  if (!config().APP_ENCRYPTION_KEYS) requireSecret("APP_ENCRYPTION_KEY");
  requireSecret("NEXTAUTH_SECRET");
}
