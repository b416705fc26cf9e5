import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * Runs a Dockerfile's steps without Docker: each stage gets a directory standing for its filesystem,
 * WORKDIR/ENV/COPY/RUN do there what they do in an image build, and CMD is returned to be started.
 * Base images are not emulated (the node running the test stands in for the image's node; CI runs it on
 * the image's version) and USER is recorded only; what the test is after is that the steps themselves
 * succeed on a clean copy. ARG lines before the first FROM are collected; HEALTHCHECK's command is kept.
 */
export type Stage = {
  name: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  healthcheck?: string[];
};
export type Instruction = { keyword: string; args: string };

export function parseDockerfile(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, " ");
  return joined
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(" ") };
    });
}

/** `a=1 b="two words"` as ENV writes it. */
function parseEnv(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/(\w+)=("([^"]*)"|\S*)/g)) env[match[1]!] = match[3] ?? match[2]!;
  return env;
}

/** Top-level names in .dockerignore (this project's file lists plain names only). */
function ignored(context: string): Set<string> {
  const file = path.join(context, ".dockerignore");
  return new Set(
    existsSync(file)
      ? readFileSync(file, "utf8")
          .split("\n")
          .map((l) => l.trim())
          .filter((l) => l && !l.startsWith("#"))
      : [],
  );
}

export type RunStep = (command: string, cwd: string, env: Record<string, string>) => Promise<void>;

/** Runs `sh -c command` like RUN does, with output kept for the error and a time limit. */
export const runShell =
  (timeoutMs: number, log: (line: string) => void): RunStep =>
  (command, cwd, env) =>
    new Promise((resolve, reject) => {
      const child = spawn("sh", ["-c", command], {
        cwd,
        env: env as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
      child.once("error", reject);
      child.once("close", (code, signal) => {
        clearTimeout(timer);
        log(`RUN ${command} -> ${code ?? signal}`);
        if (code === 0) resolve();
        else reject(new Error(`RUN ${command} failed (${code ?? signal}):\n${output}`));
      });
    });

function copy(from: string, to: string, skip: Set<string>) {
  const isDir = statSync(from).isDirectory();
  mkdirSync(isDir ? to : path.dirname(to), { recursive: true });
  cpSync(from, to, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (src) => !skip.has(path.relative(from, src).split(path.sep)[0]!),
  });
}

/** Builds every stage in order; returns the stages, the last one being the image that CMD runs. */
export async function buildDockerfile(options: {
  context: string;
  workspace: string;
  run: RunStep;
  baseEnv: Record<string, string>;
}): Promise<{ stages: Stage[]; args: Record<string, string> }> {
  const stages: Stage[] = [];
  const buildArgs: Record<string, string> = {};
  const skipInContext = ignored(options.context);
  let stage: Stage | undefined;
  const inStage = (target: string, s: Stage) =>
    path.join(s.root, path.posix.isAbsolute(target) ? target : path.posix.join(s.workdir, target));
  for (const { keyword, args } of parseDockerfile(readFileSync(path.join(options.context, "Dockerfile"), "utf8"))) {
    if (keyword === "ARG" && !stage) {
      const [name, ...value] = args.split("=");
      buildArgs[name!] = value.join("=");
      continue;
    }
    if (keyword === "FROM") {
      const name = /\bAS\s+(\S+)/i.exec(args)?.[1] ?? String(stages.length);
      stage = { name, root: path.join(options.workspace, name), workdir: "/", env: {} };
      mkdirSync(stage.root, { recursive: true });
      stages.push(stage);
      continue;
    }
    if (!stage) throw new Error(`${keyword} before FROM`);
    if (keyword === "WORKDIR") {
      stage.workdir = path.posix.resolve(stage.workdir, args);
      mkdirSync(inStage(".", stage), { recursive: true });
    } else if (keyword === "ENV") {
      Object.assign(stage.env, parseEnv(args));
    } else if (keyword === "COPY") {
      const parts = args.split(/\s+/);
      const fromStage = parts.find((p) => p.startsWith("--from="))?.slice("--from=".length);
      const paths = parts.filter((p) => !p.startsWith("--"));
      const dest = paths.pop()!;
      const source = fromStage ? stages.find((s) => s.name === fromStage) : undefined;
      if (fromStage && !source) throw new Error(`COPY --from=${fromStage}: no such stage`);
      for (const src of paths) {
        const from = source ? inStage(src, source) : path.join(options.context, src);
        const intoDir = dest.endsWith("/") || paths.length > 1;
        const to = inStage(dest, stage);
        const target = intoDir && !statSync(from).isDirectory() ? path.join(to, path.basename(from)) : to;
        copy(from, target, source ? new Set() : skipInContext);
      }
    } else if (keyword === "RUN") {
      await options.run(args, inStage(".", stage), { ...options.baseEnv, ...stage.env });
    } else if (keyword === "USER") {
      stage.user = args;
    } else if (keyword === "CMD") {
      stage.cmd = JSON.parse(args) as string[];
    } else if (keyword === "HEALTHCHECK") {
      stage.healthcheck = JSON.parse(args.slice(args.indexOf(" CMD ") + " CMD ".length)) as string[];
    }
    // EXPOSE, LABEL and the like change nothing a test can see.
  }
  return { stages, args: buildArgs };
}
