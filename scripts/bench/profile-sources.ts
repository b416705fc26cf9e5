/**
 * The source file a profiled function came from, for the project's bundled code: Next's route chunks
 * (.next/server, minified by the build, one chunk holding our code, zod and other packages side by side) and the
 * bundled server (dist/server.js). Both builds write a source map beside each file (`<file>.js.map`); the
 * function's start in the bundle is looked up there, so its group is that of the module it was written in
 * rather than a guess from the chunk's name. Node's own SourceMap reads the maps (no package needed).
 */
import { SourceMap } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export type FramePosition = { url: string; lineNumber: number; columnNumber?: number };
/** The frame's original file, relative to the project root ("lib/…", "node_modules/zod/…"), and its line (0-based). */
export type SourceResolver = (frame: FramePosition) => { file: string; line: number } | null;

const BUNDLED = [".next/server/", "dist/"];

export function sourceMapResolver(root: string = process.cwd()): SourceResolver {
  const maps = new Map<string, { map: SourceMap; dir: string } | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      let loaded: { map: SourceMap; dir: string } | null = null;
      try {
        if (existsSync(mapFile))
          loaded = { map: new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))), dir: path.dirname(mapFile) };
      } catch {
        loaded = null; // an unreadable map: the frame keeps its bundle's name
      }
      maps.set(file, loaded);
    }
    return maps.get(file)!;
  };
  return ({ url, lineNumber, columnNumber = 0 }) => {
    const file = url.replace(/^file:\/\//, "");
    const relative = path.relative(root, file);
    if (relative.startsWith("..") || !BUNDLED.some((dir) => relative.startsWith(dir))) return null;
    const found = mapOf(file);
    if (!found) return null;
    const entry = found.map.findEntry(lineNumber, columnNumber) as { originalSource?: string; originalLine?: number };
    const source = entry.originalSource;
    if (!source) return null;
    // Turbopack writes "[project]/…" for some modules; esbuild and Turbopack otherwise write paths relative to the map.
    const original = decodeURIComponent(source.replace(/^turbopack:\/\/\//, ""));
    const absolute = original.startsWith("[project]/")
      ? path.join(root, original.slice("[project]/".length))
      : path.resolve(found.dir, original);
    return { file: path.relative(root, absolute), line: entry.originalLine ?? 0 };
  };
}
