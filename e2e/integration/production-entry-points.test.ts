import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { lastCompletedDepositAgeSeconds } from "@/lib/domain/ops/operational-metrics";
import { createTenant } from "../support/fixtures";
import { insertTransaction } from "../support/transactions";
import { ownDatabase } from "../support/own-database";

/**
 * The built entry points (dist/admin.js, dist/migrate.js, dist/server.js) run as an operator on bare metal runs
 * them: a shell with deploy/production.env.example filled in and nothing else (no NODE_ENV), against the suite's
 * database. Each decides production mode the same way and refuses, before anything is written, what would cost
 * money later (issue: production without surprises, point 1), and lists every bad setting at once (points 2, 4).
 */
// A database of its own: the CLI here seals under the keyring's k1, which the suite's other servers (on the single
// key) could not open, and a production server refuses to start beside values it cannot open.
const own = ownDatabase();
const dataDir = mkdtempSync(path.join(tmpdir(), "pis-entry-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** deploy/production.env.example's settings, its CHANGE-ME placeholders given real values, on the suite's database. */
function productionEnvFile(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync("deploy/production.env.example", "utf8").split("\n")) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return {
    ...env,
    DATABASE_URL: own.env.DATABASE_URL!,
    // The file's key, as the ring's k1 (what new values are sealed under) and as the unversioned key the fixtures
    // seal with: a production server refuses to start beside values it cannot open.
    APP_ENCRYPTION_KEYS: `k1:${own.env.APP_ENCRYPTION_KEY!}`,
    APP_ENCRYPTION_KEY: own.env.APP_ENCRYPTION_KEY!,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    BANK_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
    ACQUIRER_WEBHOOK_SECRET: randomBytes(32).toString("hex"),
    METRICS_TOKEN: randomBytes(24).toString("hex"),
  };
}

type Run = { code: number | null; stdout: string; stderr: string };

/** A built entry point in a shell that has only PATH, HOME and the given settings. */
function run(entry: string, env: Record<string, string | undefined>, args: string[] = []): Promise<Run> {
  return new Promise((resolve, reject) => {
    // No NODE_ENV: the entry point decides the mode itself.
    const shell: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      APP_DATA_DIR: dataDir,
      ...env,
    };
    const child = spawn(process.execPath, [path.join("dist", entry), ...args], {
      env: shell as unknown as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
    child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const providerNamed = (name: string) => prisma.provider.findFirst({ where: { name } });

describe("the admin CLI on a production database", () => {
  it("without the keyring refuses before anything is sealed, naming it, and writes no development key", async () => {
    const name = `Entry ${randomCodeGroup(6)}`;
    const withoutKeys: Record<string, string | undefined> = productionEnvFile();
    delete withoutKeys.APP_ENCRYPTION_KEYS;
    delete withoutKeys.APP_ENCRYPTION_KEY;
    const refused = await run("admin.js", withoutKeys, ["provider:create", "--name", name, "--ips", "10.0.0.1"]);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain("APP_ENCRYPTION_KEY must be set in production");
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(await providerNamed(name)).toBeNull();
    expect(existsSync(path.join(dataDir, "dev-secrets.json"))).toBe(false);
  });

  it("with the whole file is production's: a plain-http callback refused, secrets sealed under the configured key", async () => {
    const name = `Entry ${randomCodeGroup(6)}`;
    const env = productionEnvFile();
    const create = (url: string) =>
      run("admin.js", env, ["provider:create", "--name", name, "--ips", "10.0.0.1", "--deposit-callback-url", url]);
    const plain = await create("http://provider.example.com/callback");
    expect(plain.code, plain.stdout).toBe(2);
    expect(plain.stderr).toContain("must use https in production");
    expect(await providerNamed(name)).toBeNull();

    const secure = await create("https://provider.example.com/callback");
    expect(secure.code, secure.stderr).toBe(0);
    const provider = await providerNamed(name);
    // The keyring's id names the key each value is sealed under: the operator's k1, never a generated one.
    expect(provider?.secretKeyEnc).toMatch(/^v2\.k1\./);
    expect(existsSync(path.join(dataDir, "dev-secrets.json"))).toBe(false);
  });

  it("with the whole file calls no sandbox acquirer: production has the sandbox off", async () => {
    const tenant = await createTenant();
    const test = await run("admin.js", productionEnvFile(), ["acquirer:test", "--dealer", String(tenant.dealer.id)]);
    expect(test.code).not.toBe(0);
    expect(`${test.stdout}${test.stderr}`).toMatch(/sandbox/i);
  });
});

describe("the admin CLI's approvals in the figures the alerts read", () => {
  it("a deposit approved with the CLI moves the age NoCompletedDepositInBusinessHours reads (from the database: no server counts the CLI)", async () => {
    // This file's own database: no deposit has completed in it yet.
    expect(await lastCompletedDepositAgeSeconds()).toBe(-1);
    const tenant = await createTenant();
    const deposit = await insertTransaction(tenant, {
      amount: "150.00",
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    const approved = await run("admin.js", productionEnvFile(), ["transaction:approve", deposit.trackingCode]);
    expect(approved.code, approved.stderr).toBe(0);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe("completed");
    const age = await lastCompletedDepositAgeSeconds();
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });
});

describe("the migration job", () => {
  it("without DATABASE_URL refuses, and starts no embedded database", async () => {
    const withoutDatabase: Record<string, string | undefined> = productionEnvFile();
    delete withoutDatabase.DATABASE_URL;
    const migrate = await run("migrate.js", withoutDatabase);
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toContain("DATABASE_URL must be set in production");
    expect(readdirSync(dataDir)).not.toContain("pg");
  });

  it("with it says the database is up to date", async () => {
    const migrate = await run("migrate.js", productionEnvFile());
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("The database is up to date.");
  });
});

describe("the server", () => {
  it("refuses to start with every bad setting listed in one line, without a stack trace", async () => {
    const env = {
      ...productionEnvFile(),
      NEXTAUTH_SECRET: "CHANGE-ME",
      APP_ENCRYPTION_KEYS: "k1:CHANGE-ME-BASE64-32-BYTES",
      TRUSTED_PROXIES: "not-an-ip,10.0.0.0/99",
      ACQUIRER_WEBHOOK_SECRET: "x",
      NEXTAUTH_URL: "http://console.example.com",
      LOG_LEVEL: "verbose",
      APP_TIME_ZONE: "Mars/Olympus",
      PORT: "0",
    };
    const server = await run("server.js", env);
    expect(server.code).toBe(1);
    const lines = `${server.stdout}${server.stderr}`.trim().split("\n");
    expect(lines, lines.join("\n")).toHaveLength(1);
    const fatal = JSON.parse(lines[0]!) as { level: string; problems: string[]; msg: string; err?: unknown };
    expect(fatal.level).toBe("fatal");
    expect(fatal.err).toBeUndefined();
    expect(fatal.msg).toMatch(/^refusing to start, 7 problems: \(1\) /);
    const named = fatal.problems.map((p) => p.split(" ")[0]);
    expect(named.sort()).toEqual(
      [
        "ACQUIRER_WEBHOOK_SECRET",
        "APP_ENCRYPTION_KEYS",
        "APP_TIME_ZONE",
        "LOG_LEVEL",
        "NEXTAUTH_SECRET",
        "NEXTAUTH_URL",
        "TRUSTED_PROXIES",
      ].sort(),
    );
  });

  it("refuses a time zone the runtime does not know, rather than answering 500 after a deposit committed", async () => {
    const server = await run("server.js", { ...productionEnvFile(), APP_TIME_ZONE: "Mars/Olympus", PORT: "0" });
    expect(server.code).toBe(1);
    expect(server.stdout).toContain('APP_TIME_ZONE must be an IANA time zone such as \\"Europe/Istanbul\\"');
  });

  it.each(["1", "2"])(
    "on a port another process holds exits once, non-zero, saying so (%s worker(s)), and starts no worker again",
    async (workers) => {
      const holder = createServer();
      await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
      const port = (holder.address() as { port: number }).port;
      try {
        const started = Date.now();
        const server = await run("server.js", {
          ...productionEnvFile(),
          PORT: String(port),
          HOSTNAME: "127.0.0.1",
          WEB_CONCURRENCY: workers,
          JOB_RUNNER: "off",
        });
        expect(server.code, server.stdout).toBe(78);
        expect(Date.now() - started).toBeLessThan(45_000);
        const fatal = server.stdout.split("\n").filter((line) => line.includes('"level":"fatal"'));
        expect(fatal, server.stdout).toHaveLength(1);
        expect(fatal[0]).toContain(`PORT ${port} is in use on 127.0.0.1:${port} by another process`);
        expect(server.stdout).not.toContain("starting another");
        expect(server.stdout).not.toMatch(/\\n\s+at /);
      } finally {
        holder.close();
      }
    },
  );
});
