import { isProduction } from "@/lib/base/config/dev-secrets";
import { APPLIED_MIGRATIONS, pendingAmong } from "@/lib/base/db/pending-migrations";
import { poolQuery, prisma } from "@/lib/base/db/prisma";
import { inngestEnabled } from "@/lib/domain/outbox/inngest-client";
import { lastBeat } from "@/lib/domain/jobs/runner-heartbeat";
import {
  describeUnreadableSecrets,
  findUnreadableSecrets,
  type UnreadableSecret,
} from "@/lib/domain/ops/unreadable-secrets";
import { config } from "@/lib/base/config/env";

type Check = "ok" | "failing" | "off";
const RUNNER_STALE_MS = 60_000;
// Opening every stored secret is cheap but not free: probes within this long reuse the last answer.
const SECRETS_RECHECK_MS = 30_000;
let secretsChecked: { at: number; unreadable: UnreadableSecret[] } | null = null;

async function database(): Promise<Check> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return "ok";
  } catch {
    return "failing";
  }
}

function jobs(): Check {
  if (inngestEnabled())
    return isProduction() && !config().INNGEST_SIGNING_KEY && !config().INNGEST_DEV ? "failing" : "ok";
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

/** Stored secrets this instance's keyring cannot open (lib/domain/ops/unreadable-secrets.ts), rechecked every 30 s. */
async function unreadableSecrets(): Promise<UnreadableSecret[] | null> {
  if (secretsChecked && Date.now() - secretsChecked.at < SECRETS_RECHECK_MS) return secretsChecked.unreadable;
  try {
    secretsChecked = { at: Date.now(), unreadable: await findUnreadableSecrets() };
    return secretsChecked.unreadable;
  } catch {
    return null;
  }
}

/**
 * GET /api/ready: can this instance take traffic? Names what fails; never a secret or an address. `keyring`
 * fails while a stored secret cannot be opened with this instance's keys; `unreadable` then names each by
 * table, row id, column and the key id it names.
 */
export async function readiness() {
  const db = await database();
  const migrations: Check = db === "ok" ? ((await migrationsPending()) ? "failing" : "ok") : "failing";
  const unreadable = db === "ok" ? await unreadableSecrets() : null;
  const keyring: Check = unreadable?.length === 0 ? "ok" : "failing";
  const checks = {
    database: db,
    migrations,
    keyring,
    jobs: jobs(),
    job_mode: inngestEnabled() ? "inngest" : config().JOB_RUNNER === "off" ? "off" : "in-process",
  };
  const ready = db === "ok" && migrations === "ok" && keyring === "ok" && checks.jobs !== "failing";
  const body = {
    status: ready ? "ready" : "not ready",
    checks,
    ...(unreadable?.length ? { unreadable: describeUnreadableSecrets(unreadable) } : {}),
  };
  return { ready, body };
}
