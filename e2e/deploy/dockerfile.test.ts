import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { copyCheckout, freshEnv } from "../support/checkout-copy";
import { buildDockerfile, runShell } from "../support/dockerfile";
import { freePort } from "../support/free-port";
import { startTestDatabase, type TestDatabase } from "../support/test-database";

const NO_NETWORK = path.resolve("e2e/support/no-network.mjs");
const workspace = mkdtempSync(path.join(tmpdir(), "pis-image-"));
let database: TestDatabase | undefined;

// Removing three installed trees takes a while on a busy machine.
afterAll(async () => {
  await database?.stop();
  rmSync(workspace, { recursive: true, force: true });
}, 10 * 60_000);

/**
 * npm's cache for the build, apart from the user's: the Dockerfile ends with `npm cache clean --force`.
 * Filled from the user's cache with hard links (cached content is never rewritten), so installing does
 * not download everything again; empty when that cache is elsewhere.
 */
function scratchNpmCache(): string {
  const cache = path.join(workspace, "npm-cache");
  const userCache = path.join(homedir(), ".npm", "_cacache");
  mkdirSync(path.join(cache, "_cacache"), { recursive: true });
  if (existsSync(userCache)) {
    spawnSync("cp", ["-al", path.join(userCache, "content-v2"), path.join(cache, "_cacache", "content-v2")]);
    spawnSync("cp", ["-r", path.join(userCache, "index-v5"), path.join(cache, "_cacache", "index-v5")]);
  }
  return cache;
}

describe("the Dockerfile's steps on a clean copy, without Docker", () => {
  it(
    "installs with npm ci, builds, installs production dependencies only, starts and is ready",
    { timeout: 25 * 60_000 },
    async () => {
      const context = copyCheckout(path.join(workspace, "context"), { nodeModules: "none" });
      const networkLog = path.join(workspace, "network.log");
      const baseEnv = freshEnv({
        npm_config_cache: scratchNpmCache(),
        npm_config_update_notifier: "false",
        NO_NETWORK_LOG: networkLog,
      }) as Record<string, string>;
      delete baseEnv.NODE_ENV; // a build starts without the test runner's NODE_ENV=test
      const steps: string[] = [];
      const shell = runShell(12 * 60_000, (line) => steps.push(line));
      // Installing needs the registry; every other step must reach no network at all.
      const run = (command: string, cwd: string, env: Record<string, string>) =>
        shell(
          command,
          cwd,
          /\bnpm (ci|install)\b/.test(command) ? env : { ...env, NODE_OPTIONS: `--import ${NO_NETWORK}` },
        );
      const { stages, args } = await buildDockerfile({
        context,
        workspace: path.join(workspace, "stages"),
        run,
        baseEnv,
      });

      expect(steps).toEqual([
        "RUN npm ci --ignore-scripts -> 0",
        "RUN npm run build -> 0",
        "RUN npm ci --omit=dev --ignore-scripts && node scripts/prune-production-deps.mjs && npm cache clean --force -> 0",
      ]);
      // The base is a Node.js LTS pinned by digest, of the version in .node-version, on which CI (.ci/run)
      // runs this very test.
      const nodeVersion = readFileSync(".node-version", "utf8").trim();
      expect(args.NODE_IMAGE).toMatch(/^node:(22|24)-bookworm-slim@sha256:[0-9a-f]{64}$/);
      expect(args.NODE_IMAGE).toContain(`node:${nodeVersion.split(".")[0]}-`);
      if (process.env.CI) expect(process.versions.node, "CI runs the image's Node.js").toBe(nodeVersion);
      const image = stages.at(-1)!;
      const app = path.join(image.root, image.workdir);
      expect(existsSync(path.join(app, ".next", "BUILD_ID"))).toBe(true);
      // Nothing that loads TypeScript: the server, the CLI and the migration job are plain JavaScript; the
      // Prisma CLI and TypeScript, which npm installs as @prisma/client's peers, are pruned.
      for (const devOnly of [
        "vitest",
        "eslint",
        "tsx",
        "esbuild",
        "prisma",
        "typescript",
        "@prisma/engines",
        "@playwright/test",
      ]) {
        expect(existsSync(path.join(app, "node_modules", devOnly)), `${devOnly} is left out of the image`).toBe(false);
      }
      for (const source of ["app", "components", "scripts"])
        expect(existsSync(path.join(app, source)), `${source}/ is left out of the image`).toBe(false);

      // The migration job on a fresh database, with the image's node and dependencies alone, as an operator
      // runs it before rolling the replicas; then the image's CMD, which finds nothing left to apply.
      database = await startTestDatabase({ migrate: false });
      const port = await freePort();
      const [command, ...commandArgs] = image.cmd!;
      expect(command).toBe("node");
      // `npm start` runs what the image runs.
      expect(image.cmd!.join(" ")).toBe(
        (JSON.parse(readFileSync(path.join(app, "package.json"), "utf8")) as { scripts: { start: string } }).scripts
          .start,
      );
      const serverEnv: Record<string, string> = {
        ...baseEnv,
        ...image.env,
        PORT: String(port),
        HOSTNAME: "127.0.0.1",
        DATABASE_URL: database.url,
        APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
        NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
        // Production refuses to start without its public origin; plain http only here, on this host, opted out.
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        ALLOW_INSECURE_PUBLIC_BASE_URL: "1",
        // Production refuses to start without the secrets shared with the bank and the acquirer (docs/deploy.md).
        BANK_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
        ACQUIRER_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
        NODE_OPTIONS: `--import ${NO_NETWORK}`,
      };
      const migrate = spawnSync(process.execPath, ["dist/migrate.js"], {
        cwd: app,
        env: serverEnv as NodeJS.ProcessEnv,
        encoding: "utf8",
        timeout: 180_000,
      });
      expect(migrate.status, migrate.stderr).toBe(0);
      expect(migrate.stdout).toMatch(/^Applied: \d{14}_/);
      const server = spawn(process.execPath, commandArgs, {
        cwd: app,
        env: serverEnv as NodeJS.ProcessEnv,
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      try {
        const deadline = Date.now() + 120_000;
        let ready: Response | undefined;
        while (Date.now() < deadline && server.exitCode === null) {
          ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => undefined);
          if (ready?.status === 200) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(ready?.status, output).toBe(200);
        expect(output).not.toContain("applied migrations");
        // The image's HEALTHCHECK passes against the running server.
        const [checkCommand, ...checkArgs] = image.healthcheck!;
        expect(checkCommand).toBe("node");
        const healthy = spawnSync(process.execPath, checkArgs, {
          cwd: app,
          env: serverEnv as NodeJS.ProcessEnv,
          timeout: 30_000,
        });
        expect(healthy.status, String(healthy.stderr)).toBe(0);
        // Operators run the CLI in the container, with the image's node and dependencies alone.
        const cli = spawnSync(process.execPath, ["dist/admin.js", "provider:list"], {
          cwd: app,
          env: serverEnv as NodeJS.ProcessEnv,
          encoding: "utf8",
          timeout: 120_000,
        });
        expect(cli.status, cli.stderr).toBe(0);
        expect(JSON.parse(cli.stdout)).toEqual(expect.anything());
        expect(
          existsSync(networkLog) ? readFileSync(networkLog, "utf8") : "",
          "no step but installing reaches the network",
        ).toBe("");
      } finally {
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
        server.kill("SIGKILL");
      }
      // ...and fails once it is gone.
      const [, ...checkArgs] = image.healthcheck!;
      expect(
        spawnSync(process.execPath, checkArgs, { cwd: app, env: serverEnv as NodeJS.ProcessEnv, timeout: 30_000 })
          .status,
      ).toBe(1);
    },
  );
});
