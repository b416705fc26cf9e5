import { describe, expect, it } from "vitest";
import { auditCreates, depositLoad, depositTenant, loadServerEnv, sleep } from "../support/fault-load";
import { httpRequest } from "../support/http";
import { ownDatabase } from "../support/own-database";
import { startAppServer } from "../support/test-stack";

const own = ownDatabase({ restartable: true });

const CLIENTS = 6;
const OUTAGE_AT_MS = 5_000;
const OUTAGE_MS = 10_000;
// Load goes on this long after PostgreSQL is back.
const AFTER_MS = 9_000;

type Probe = { at: number; status: number; jobs?: string; database?: string };

describe("PostgreSQL stopped and started under load", () => {
  it("answers 503 with Retry-After during the outage, reports the job runner failing, and loses or strands nothing", async () => {
    const server = await startAppServer(loadServerEnv(own.env));
    try {
      const tenant = await depositTenant();
      const started = Date.now();
      let loading = true;
      const load = depositLoad(tenant, () => server.baseUrl, { clients: CLIENTS, loading: () => loading, graceMs: 40_000 });

      const probes: Probe[] = [];
      const probing = (async () => {
        while (loading) {
          const res = await httpRequest({ url: `${server.baseUrl}/api/ready`, method: "GET" }).catch(() => null);
          const checks = res?.json.checks as { jobs?: string; database?: string } | undefined;
          if (res) probes.push({ at: Date.now() - started, status: res.status, jobs: checks?.jobs, database: checks?.database });
          await sleep(250);
        }
      })();

      await sleep(OUTAGE_AT_MS);
      await own.database.pause();
      const paused = Date.now() - started;
      await sleep(OUTAGE_MS);
      await own.database.resume();
      const resumed = Date.now() - started;
      await sleep(AFTER_MS);
      loading = false;
      const results = await load;
      await probing;

      const answers = results.flatMap((r) => r.seen);
      const byStatus = answers.reduce<Record<string, number>>((acc, s) => ({ ...acc, [String(s.status)]: (acc[String(s.status)] ?? 0) + 1 }), {});
      const audit = await auditCreates(tenant.site.id, results);
      console.log(`database outage ${OUTAGE_MS / 1000} s: answers ${JSON.stringify(byStatus)}, ${JSON.stringify({ ...audit, unanswered: audit.unanswered.length, contractBreaks: audit.contractBreaks.length })}`);

      // During the outage: 503 with Retry-After in the contract's error shape, never a 500.
      const unavailable = answers.filter((s) => s.status === 503);
      expect(unavailable.length).toBeGreaterThan(0);
      for (const s of unavailable) {
        expect(s.body).toEqual({ success: false, error: "Service unavailable", message: expect.any(String), request_id: expect.any(String) });
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
    } finally {
      await server.stop();
    }
  }, 240_000);
});
