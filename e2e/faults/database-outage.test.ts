import { describe, expect, it } from "vitest";
import { auditCreates, depositLoad, depositTenant, loadServerEnv, sleep } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { httpRequest } from "../support/http";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";

const own = ownDatabase({ restartable: true });

const CLIENTS = 6;
const OUTAGE_AT_MS = 5_000;
const OUTAGE_MS = 10_000;
// After PostgreSQL is back, the load goes on until the server is ready again and has answered this many
// creates (counted, not timed: a busy machine takes longer to recover), for at least MIN_AFTER_MS.
const CREATES_AFTER = 40;
const MIN_AFTER_MS = 5_000;
// Recovering means answers: none for this long after the database is back is a server that did not recover.
const RECOVERY_STALL_MS = 60_000;

type Probe = { at: number; status: number; jobs?: string; database?: string };

describe("PostgreSQL stopped and started under load", () => {
  it(
    "answers 503 with Retry-After during the outage, reports the job runner failing, and loses or strands nothing",
    async () => {
      const progress = new FaultProgress("database outage under load");
      const server = await progress.serverStart("first", (budgetMs) =>
        startAppServer(loadServerEnv(own.env), [], undefined, { readyWithinMs: budgetMs }),
      );
      // Cleared in `finally` too: a step that gives up must not leave the clients and the probes running.
      let loading = true;
      try {
        const tenant = await depositTenant();
        const started = Date.now();
        const load = depositLoad(tenant, () => server.baseUrl, {
          clients: CLIENTS,
          loading: () => loading,
          graceMs: 40_000,
          onAnswer: (seen) =>
            progress.count(seen.status === 200 ? "creates answered" : `answers ${seen.status ?? "dropped"}`),
        });

        const probes: Probe[] = [];
        const probing = (async () => {
          while (loading) {
            const res = await httpRequest({ url: `${server.baseUrl}/api/ready`, method: "GET" }).catch(() => null);
            const checks = res?.json.checks as { jobs?: string; database?: string } | undefined;
            if (res)
              probes.push({
                at: Date.now() - started,
                status: res.status,
                jobs: checks?.jobs,
                database: checks?.database,
              });
            await sleep(250);
          }
        })();

        await sleep(OUTAGE_AT_MS);
        await progress.step("PostgreSQL to stop", { budgetMs: 60_000, why: "a fast shutdown" }, () =>
          own.database.pause(),
        );
        const paused = Date.now() - started;
        await sleep(OUTAGE_MS);
        await progress.step("PostgreSQL to start again", { budgetMs: 90_000, why: "a restart on the same data" }, () =>
          own.database.resume(),
        );
        const resumed = Date.now() - started;
        const answeredAtResume = Number(progress.figures["creates answered"] ?? 0);
        await progress.until(
          `ready again and ${CREATES_AFTER} creates answered after the outage`,
          async () => {
            const after = Number(progress.figures["creates answered"] ?? 0) - answeredAtResume;
            const last = probes.at(-1);
            const ready = last !== undefined && last.at > resumed && last.status === 200;
            return {
              done: ready && after >= CREATES_AFTER && Date.now() - started - resumed >= MIN_AFTER_MS,
              progress: after + (ready ? 1 : 0),
              figure: `${after} answered, last probe ${last?.status ?? "none"}`,
            };
          },
          {
            stallMs: RECOVERY_STALL_MS,
            why: `no answer and no readiness for ${RECOVERY_STALL_MS / 1000} s after PostgreSQL came back`,
            intervalMs: 250,
          },
        );
        loading = false;
        const results = await progress.step(
          "the clients' last keys answered",
          { budgetMs: 70_000, why: "a key's 40 s retry grace plus one answer" },
          () => load,
        );
        await probing;

        const answers = results.flatMap((r) => r.seen);
        const byStatus = answers.reduce<Record<string, number>>(
          (acc, s) => ({ ...acc, [String(s.status)]: (acc[String(s.status)] ?? 0) + 1 }),
          {},
        );
        const audit = await progress.step(
          "the audit of the creates",
          { budgetMs: 90_000, why: "30 s for answers stored after the load, then three queries" },
          () => auditCreates(tenant.site.id, results),
        );
        console.log(
          `database outage ${OUTAGE_MS / 1000} s: answers ${JSON.stringify(byStatus)}, ${JSON.stringify({ ...audit, unanswered: audit.unanswered.length, contractBreaks: audit.contractBreaks.length })}`,
        );

        // During the outage: 503 with Retry-After in the contract's error shape, never a 500.
        const unavailable = answers.filter((s) => s.status === 503);
        expect(unavailable.length).toBeGreaterThan(0);
        for (const s of unavailable) {
          expect(s.body).toEqual({
            success: false,
            error: "Service unavailable",
            message: expect.any(String),
            request_id: expect.any(String),
          });
          expect(Number(s.retryAfter)).toBeGreaterThan(0);
        }
        expect(answers.filter((s) => s.status === 500 || s.status === -1)).toEqual([]);

        // /api/ready says the job runner is failing while its ticks fail, and ready again afterwards.
        const during = probes.filter((p) => p.at > paused + 2000 && p.at < resumed - 500);
        expect(during.length).toBeGreaterThan(0);
        expect(during.every((p) => p.status === 503 && p.database === "failing" && p.jobs === "failing")).toBe(true);
        expect(probes.at(-1)).toMatchObject({ status: 200, jobs: "ok", database: "ok" });

        // Afterwards every key has its answer: none stuck, no deposit created twice or without its client knowing.
        expect(audit.unanswered).toEqual([]);
        expect(audit.stuckKeys).toBe(0);
        expect(audit.unseenCreates).toEqual([]);
        expect(audit.created).toBe(audit.answered);
        console.log(progress.summary());
      } finally {
        loading = false;
        await server.stop();
      }
    },
    30 * 60_000,
  );
});
