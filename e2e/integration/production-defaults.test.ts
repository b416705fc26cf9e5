import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { encryptSecret } from "@/lib/base/crypto/secret-box";
import { applyMigrations } from "@/lib/base/db/migrations";
import { registryKeys } from "@/lib/domain/payment-methods/registry-keys";
import { createPrismaClient } from "@/lib/base/db/prisma";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";
import { consoleSession } from "../support/console-session";
import { httpRequest } from "../support/http";
import { startAppServer, type AppServer } from "../support/test-stack";
import { untilReadyOrExit, type Outcome } from "../support/until-ready-or-exit";

const baseUrl = inject("baseUrl");
const stackEnv = inject("stackEnv");

/** A fresh database in the suite's cluster, migrated: for a server whose background work must be its own. */
async function freshDatabase(): Promise<string> {
  const name = `pis_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: stackEnv.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(stackEnv.DATABASE_URL!);
  url.pathname = `/${name}`;
  await applyMigrations(url.toString(), registryKeys());
  return url.toString();
}

/** Runs scripts/server.ts until it prints "Ready on" or exits; resolves with its output and exit code. */
function startOutput(env: Record<string, string | undefined>): Promise<Outcome> {
  return untilReadyOrExit(["--import", "tsx", "scripts/server.ts"], {
    ...process.env,
    ...env,
    PORT: "0",
    HOSTNAME: "127.0.0.1",
    JOB_RUNNER: "off",
  });
}

describe("console sessions", () => {
  it("end at once when the user's password changes, or the user is deactivated", async () => {
    const session = await consoleSession(baseUrl, "admin");
    expect((await session.get("/console")).status).toBe(200);
    await updateConsoleUser(session.id, { password: "another-strong-password" }, { label: "test" });
    const after = await session.get("/console");
    expect(after.status).toBe(307);
    expect(after.headers.location).toContain("/console/login");

    const other = await consoleSession(baseUrl, "admin");
    await updateConsoleUser(other.id, { isActive: false }, { label: "test" });
    await updateConsoleUser(other.id, { isActive: true }, { label: "test" });
    // Reactivated, but the session from before the deactivation stays ended.
    expect((await other.get("/console")).status).toBe(307);
  });
});

describe("production start-up", () => {
  it("warns loudly about APP_ENV=development, and refuses to start without the bank's and acquirer's webhook secrets", async () => {
    const relaxed = await startOutput({ ...stackEnv, APP_ENV: "development" });
    expect(relaxed.output).toContain("WARNING: APP_ENV=development under NODE_ENV=production");
    expect(relaxed.output).toContain("Ready on");
    const missing = await startOutput({ ...stackEnv, BANK_WEBHOOK_SECRET: "" });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("BANK_WEBHOOK_SECRET must be set in production");
    expect(missing.output).not.toContain("Ready on");
    // Two starts of the TypeScript server (through tsx), the first to Ready: more than the suite's 30 s on a busy machine.
  }, 120_000);
});

describe("with a production configuration", () => {
  let server: AppServer;
  let db: PrismaClient;

  beforeAll(async () => {
    const url = await freshDatabase();
    db = createPrismaClient(url);
    server = await startAppServer({
      ...stackEnv,
      DATABASE_URL: url,
      PUBLIC_BASE_URL: "https://pay.example.com",
      // Production's own defaults: the sandbox, and admins without a second factor, are refused on a public origin.
      SANDBOX_ENABLED: "false",
      CONSOLE_ADMIN_SECOND_FACTOR: "required",
      CALLBACK_ALLOW_PRIVATE_NETWORKS: "false",
      CALLBACK_ALLOW_HTTP: "false",
      JOB_POLL_INTERVAL_MS: "200",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await db?.$disconnect();
  });

  it("sets Secure console cookies when the public origin is https", async () => {
    const csrf = await httpRequest({ url: `${server.baseUrl}/api/auth/csrf`, method: "GET" });
    const cookies = ([] as string[]).concat(csrf.headers["set-cookie"] ?? []);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("refuses callbacks to every non-public address range, and plain http", async () => {
    const provider = await db.provider.create({
      data: {
        name: "SSRF probe",
        apiKey: `pk_${randomBytes(8).toString("hex")}`,
        secretKeyEnc: encryptSecret("sk_probe"),
        verificationKeyEnc: encryptSecret("vk_probe"),
      },
    });
    const targets = [
      "https://127.0.0.1/cb",
      "https://10.1.2.3/cb",
      "https://172.16.0.1/cb",
      "https://192.168.1.1/cb",
      "https://100.64.0.1/cb",
      "https://169.254.169.254/latest/meta-data",
      "https://0.0.0.0/cb",
      "https://224.0.0.1/cb",
      "https://255.255.255.255/cb",
      "https://192.0.2.1/cb",
      "https://198.18.0.1/cb",
      "https://240.0.0.1/cb",
      "https://[::1]/cb",
      "https://[::]/cb",
      "https://[::ffff:127.0.0.1]/cb",
      "https://[::127.0.0.1]/cb",
      "https://[64:ff9b::7f00:1]/cb",
      "https://[64:ff9b::a9fe:a9fe]/cb",
      "https://[64:ff9b:1::a00:1]/cb",
      "https://[2002:7f00:1::1]/cb",
      "https://[2002:a9fe:a9fe::1]/cb",
      "https://[2001::1]/cb",
      "https://[2001:db8::1]/cb",
      "https://[fd00::1]/cb",
      "https://[fe80::1]/cb",
      "https://[ff02::1]/cb",
      "https://localhost/cb",
    ];
    const deliveries = await Promise.all(
      [...targets, "http://callbacks.example.com/cb"].map((url, i) =>
        db.callbackDelivery.create({
          data: {
            kind: "TEST",
            providerId: provider.id,
            url,
            trackingCode: `TEST-SSRF${i}`,
            status: "completed",
            payload: { tracking_code: `TEST-SSRF${i}`, status: "completed", test: true },
          },
        }),
      ),
    );
    const deadline = Date.now() + 30_000;
    let attempts = await db.callbackAttempt.findMany({
      where: { deliveryId: { in: deliveries.map((d) => d.id) } },
      include: { delivery: true },
    });
    // An attempt is logged in flight before it is sent and its outcome written after: wait for the outcomes.
    const settled = () => new Set(attempts.filter((a) => !a.inFlight).map((a) => a.deliveryId)).size;
    while (settled() < deliveries.length && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 300));
      attempts = await db.callbackAttempt.findMany({
        where: { deliveryId: { in: deliveries.map((d) => d.id) } },
        include: { delivery: true },
      });
    }
    const firstError = (url: string) =>
      attempts.find((a) => a.delivery.url === url && a.attemptNumber === 1 && !a.inFlight)?.error ?? "no attempt";
    const outcomes = Object.fromEntries(targets.map((url) => [url, firstError(url)]));
    for (const url of targets) expect(outcomes[url], url).toMatch(/^refused: /);
    expect(firstError("http://callbacks.example.com/cb")).toBe(
      "refused: the callback URL must use https in production",
    );
    expect(outcomes["https://[64:ff9b::7f00:1]/cb"]).toBe(
      "refused: the callback URL must not point at 64:ff9b::7f00:1, which is not a public address",
    );
    expect(attempts.every((a) => a.statusCode === null && !a.succeeded)).toBe(true);
  });
});
