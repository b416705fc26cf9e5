import { mkdirSync } from "node:fs";
import path from "node:path";
import { config } from "./env";

/** Local state for development only (embedded database, generated dev secrets); git-ignored. */
export function dataDir(...parts: string[]): string {
  // Not part of the build output: this folder only exists on a developer's machine.
  const dir = path.resolve(
    /*turbopackIgnore: true*/ config().APP_DATA_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), ".data"),
  );
  mkdirSync(dir, { recursive: true });
  return path.join(/*turbopackIgnore: true*/ dir, ...parts);
}
