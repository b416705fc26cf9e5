import { mkdirSync } from "node:fs";
import path from "node:path";

/** Local state for development only (embedded database, generated dev secrets); git-ignored. */
export function dataDir(...parts: string[]): string {
  const dir = path.resolve(process.env.APP_DATA_DIR ?? path.join(process.cwd(), ".data"));
  mkdirSync(dir, { recursive: true });
  return path.join(dir, ...parts);
}
