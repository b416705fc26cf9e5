import { isProduction } from "@/lib/base/config/dev-secrets";
import { APPLIED_MIGRATIONS, pendingAmong } from "@/lib/base/db/pending-migrations";
import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { inngestEnabled } from "@/lib/domain/outbox/inngest-client";
import { lastBeat } from "@/lib/domain/jobs/runner-heartbeat";
import { config } from "@/lib/base/config/env";

type Check = "ok" | "failing" | "off";
const RUNNER_STALE_MS = 60_000;

async function database(): Promise<Check> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return "ok";
  } catch {
    return "failing";
  }
}

function jobs(): Check {
  if (inngestEnabled()) return isProduction() && !config().INNGEST_SIGNING_KEY && !config().INNGEST_DEV ? "failing" : "ok";
  if (config().JOB_RUNNER === "off") return "off";
  // A runner whose last tick failed (the database is down, say) does no work: not ready either.
  const beat = lastBeat();
  return beat && beat.ok && Date.now() - beat.at < RUNNER_STALE_MS ? "ok" : "failing";
}

/**
 * Whether a shipped migration is not applied, read on the app's own pool: readiness is asked every few seconds,
 * and a connection of its own each time would be one beyond the process's budget (DATABASE_POOL_MAX).
 */
async function migrationsPending(): Promise<boolean> {
  try {
    return await pendingAmong(await poolQuery<{ migration_name: string }>({ text: APPLIED_MIGRATIONS, values: [] }));
  } catch {
    return true;
  }
}

/** GET /api/ready: can this instance take traffic? Names what fails; never a secret or an address. */
export async function readiness() {
  const db = await database();
  const migrations: Check = db === "ok" ? ((await migrationsPending()) ? "failing" : "ok") : "failing";
  const checks = { database: db, migrations, jobs: jobs(), job_mode: inngestEnabled() ? "inngest" : config().JOB_RUNNER === "off" ? "off" : "in-process" };
  const ready = db === "ok" && migrations === "ok" && checks.jobs !== "failing";
  return { ready, body: { status: ready ? "ready" : "not ready", checks } };
}
