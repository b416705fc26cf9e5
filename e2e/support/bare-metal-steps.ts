import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The steps of docs/deploy.md's "Bare metal, step by step" block, which e2e/faults/fleet-from-deploy.test.ts runs in
 * their order. Every command line of the block must be one of these; one the test does not know fails it, naming
 * the line, so the document cannot say what the test does not do.
 */
export type BareMetalStep =
  | { kind: "settings"; example: string }
  | { kind: "load" }
  | { kind: "pgbouncer"; ini: string }
  | { kind: "migrate" }
  | { kind: "replica"; port: number }
  | { kind: "nginx"; conf: string }
  | { kind: "prometheus"; config: string };

const PATTERNS: [RegExp, (m: RegExpExecArray) => BareMetalStep][] = [
  [/^install -m 600 (deploy\/\S+) \S+$/, (m) => ({ kind: "settings", example: m[1]! })],
  [/^set -a; \. \S+; set \+a$/, () => ({ kind: "load" })],
  [/^pgbouncer -d (deploy\/\S+)$/, (m) => ({ kind: "pgbouncer", ini: m[1]! })],
  [/^node dist\/migrate\.js$/, () => ({ kind: "migrate" })],
  [/^PORT=(\d+) node dist\/server\.js &$/, (m) => ({ kind: "replica", port: Number(m[1]) })],
  [/^nginx -c "\$PWD\/(deploy\/\S+)"$/, (m) => ({ kind: "nginx", conf: m[1]! })],
  [/^prometheus --config\.file=(deploy\/\S+)$/, (m) => ({ kind: "prometheus", config: m[1]! })],
];

const HEADING = "## Bare metal, step by step";

/** The block's steps, in order. */
export function bareMetalSteps(markdown: string): BareMetalStep[] {
  const section = markdown.split(HEADING)[1]?.split("\n## ")[0];
  if (section === undefined) throw new Error(`docs/deploy.md has no "${HEADING}" section`);
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (block === undefined) throw new Error(`docs/deploy.md's "${HEADING}" has no sh block`);
  return block
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      for (const [pattern, step] of PATTERNS) {
        const match = pattern.exec(line);
        if (match) return step(match);
      }
      throw new Error(
        `docs/deploy.md's bare-metal block says "${line}", which the fleet test does not know how to run`,
      );
    });
}

export function readBareMetalSteps(root = path.resolve(import.meta.dirname, "../..")): BareMetalStep[] {
  return bareMetalSteps(readFileSync(path.join(root, "docs", "deploy.md"), "utf8"));
}

/**
 * deploy/production.env.example as an operator fills it in: its settings, each CHANGE-ME placeholder replaced by
 * `fill(name)`, then `over` (this machine's addresses).
 */
export function filledEnvFile(
  text: string,
  fill: (name: string) => string,
  over: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!.includes("CHANGE-ME") ? fill(match[1]!) : match[2]!;
  }
  return { ...env, ...over };
}
