import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { disconnectPrisma } from "@/lib/base/db/prisma";
import { copyCheckout } from "../support/checkout-copy";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import { startTestDatabase, type TestDatabase } from "../support/test-database";
import { startAppServer, testServerEnv, type AppServer } from "../support/test-stack";

const MIGRATION = "99990101000000_provider_upgrade_note";
const workspace = mkdtempSync(path.join(tmpdir(), "pis-upgrade-"));
const running: AppServer[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const server of running) await server.stop();
  await disconnectPrisma();
  await database?.stop();
  rmSync(workspace, { recursive: true, force: true });
}, 10 * 60_000);

/**
 * The next release, made from this checkout: a backwards-compatible migration (a new nullable column),
 * the schema that knows it and code that uses it (a route that writes and reads it), built for production.
 */
function buildNextRelease(): string {
  const dir = copyCheckout(path.join(workspace, "next-release"), { nodeModules: "hardlinks" });
  const schemaFile = path.join(dir, "prisma", "schema.prisma");
  const schema = readFileSync(schemaFile, "utf8");
  writeFileSync(
    schemaFile,
    schema.replace(/^model Provider \{$/m, 'model Provider {\n  upgradeNote String? @map("upgrade_note")'),
  );
  mkdirSync(path.join(dir, "prisma", "migrations", MIGRATION));
  writeFileSync(
    path.join(dir, "prisma", "migrations", MIGRATION, "migration.sql"),
    'ALTER TABLE "providers" ADD COLUMN "upgrade_note" TEXT;\n',
  );
  mkdirSync(path.join(dir, "app", "api", "upgrade-note"), { recursive: true });
  writeFileSync(
    path.join(dir, "app", "api", "upgrade-note", "route.ts"),
    `import { prisma } from "@/lib/base/db/prisma";

export async function POST(request: Request) {
  const { id, note } = (await request.json()) as { id: number; note: string };
  return Response.json(await prisma.provider.update({ where: { id }, data: { upgradeNote: note }, select: { id: true, upgradeNote: true } }));
}
`,
  );
  const build = spawnSync("npm", ["run", "build"], {
    cwd: dir,
    encoding: "utf8",
    // What this test proves is the upgrade, not the types (the suite's type check and the Dockerfile's build check
    // those): the release builds without Next's pass over them.
    env: {
      ...process.env,
      NODE_ENV: "production",
      CHECKPOINT_DISABLE: "1",
      NEXT_TELEMETRY_DISABLED: "1",
      BUILD_SKIPS_TYPE_CHECK: "1",
    },
    timeout: 15 * 60_000,
  });
  if (build.status !== 0)
    throw new Error(`building the next release failed:\n${build.stdout.slice(-3000)}\n${build.stderr.slice(-3000)}`);
  return dir;
}

describe("rolling upgrade", () => {
  it(
    "serves throughout while the new release's first start migrates under the old one",
    { timeout: 25 * 60_000 },
    async () => {
      const nextRelease = buildNextRelease();
      database = await startTestDatabase({ migrate: false });
      const env = {
        ...testServerEnv(database),
        JOB_RUNNER: "off",
        APP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      };
      Object.assign(process.env, env); // the fixtures below write with the old release's code, like the old instance

      // The old release's first start on an empty database applies every migration it ships.
      const old = await startAppServer(env);
      running.push(old);
      expect(old.output()).toContain("applied migrations");
      const tenant = await createTenant();
      expect((await signedRequest(old.baseUrl, "/api/provider/welcome", tenant.creds)).status).toBe(200);

      // While the new release starts (and migrates), requests keep reaching the old one and succeed.
      const statuses: number[] = [];
      let starting = true;
      const traffic = (async () => {
        while (starting) {
          statuses.push((await signedRequest(old.baseUrl, "/api/provider/welcome", tenant.creds)).status);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const next = await startAppServer(env, [], nextRelease).finally(() => (starting = false));
      running.push(next);
      await traffic;
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set([200]));
      expect(next.output()).toContain(MIGRATION);

      // Old code keeps writing the table the migration changed; new code uses the new column.
      const afterMigration = await createTenant();
      for (const server of [old, next])
        expect((await signedRequest(server.baseUrl, "/api/provider/welcome", afterMigration.creds)).status).toBe(200);
      const noted = await fetch(`${next.baseUrl}/api/upgrade-note`, {
        method: "POST",
        body: JSON.stringify({ id: afterMigration.provider.id, note: "rolled" }),
      });
      expect(await noted.json()).toEqual({ id: afterMigration.provider.id, upgradeNote: "rolled" });

      // The old instance is retired; a rollback to the old release still starts on the migrated database.
      await old.stop();
      const rollback = await startAppServer(env);
      running.push(rollback);
      expect(rollback.output()).not.toContain("applied migrations");
      expect((await signedRequest(rollback.baseUrl, "/api/provider/welcome", afterMigration.creds)).status).toBe(200);
      expect((await signedRequest(next.baseUrl, "/api/provider/welcome", tenant.creds)).status).toBe(200);
    },
  );
});
