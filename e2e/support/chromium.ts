import { existsSync } from "node:fs";

/**
 * The Chromium the tests drive: CHROMIUM_PATH, else Debian's headless shell (package chromium-headless-shell, which
 * .ci/run installs), else Debian's full Chromium. The headless shell is the same Chromium build without the
 * browser's UI layers, and what Playwright itself uses for headless runs; here it spent a fifth less CPU than the
 * full browser in headless mode over the same console pages (docs/testing.md).
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
}

/**
 * Run as root (no sandbox), with nothing that reaches out: this machine's network is closed, and Chromium's own
 * background connections would be refused many at a time.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-quic",
  "--no-first-run",
  "--disable-component-update",
  "--disable-sync",
];
