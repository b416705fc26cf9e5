import { describe, expect, it } from "vitest";
import { approveByCode } from "@/lib/domain/approvals/approve-by-code";
import { CLAIM_LEASE_MS } from "@/lib/domain/callbacks/claim-deliveries";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { auditCreates, depositLoad, depositTenant, loadServerEnv, sleep } from "../support/fault-load";
import { FaultProgress } from "../support/fault-progress";
import { unbalancedSets } from "../support/ledger";
import { ownDatabase } from "../support/own-database";
import { startAppServer, type AppServer } from "../support/test-stack";

const own = ownDatabase();

const CLIENTS = 8;
const KILLS = 3;
// Each (re)started server serves until it has answered this many creates (and for at least MIN_SERVE_MS),
// then it is killed; the last one is not killed. Counted, not timed: a busy machine answers fewer per second.
const CREATES_PER_SERVER = 60;
const MIN_SERVE_MS = 3_000;
// A server that answers no create for this long while eight clients are asking is stuck, not slow.
const NO_ANSWER_STALL_MS = 60_000;

describe("kill -9 of the server under load", () => {
  it(
    "leaves no key claimed, no create a client was not told about, and every approval's callback sent and logged",
    async () => {
      const progress = new FaultProgress("kill -9 under load");
      const receiver = await startCallbackReceiver();
      const start = (label: string) =>
        progress.serverStart(label, (budgetMs) =>
          startAppServer(loadServerEnv(own.env), [], undefined, { readyWithinMs: budgetMs }),
        );
      let server: AppServer = await start("first");
      // Cleared in `finally` too: a step that gives up must not leave the clients and the approvals running.
      let loading = true;
      try {
        const tenant = await depositTenant(receiver.url);
        const created: string[] = [];
        const approved: string[] = [];
        // A key is retried for as long as the next server start may take, plus room for its answer.
        const graceMs = () => progress.nextStartBudgetMs() + 15_000;
        const load = depositLoad(tenant, () => server.baseUrl, {
          clients: CLIENTS,
          loading: () => loading,
          graceMs,
          onAnswer: (seen) =>
            progress.count(seen.status === 200 ? "creates answered" : `answers ${seen.status ?? "dropped"}`),
          onCreated: (code) => created.push(code),
        });

        // Staff approve what the clients created, while the server that sends the callbacks is killed.
        const approvals = (async () => {
          while (loading) {
            const code = created[approved.length];
            if (code) {
              await approveByCode(code, { label: "fault test", viaCli: true });
              approved.push(code);
              progress.set("approvals", approved.length);
            } else await sleep(100);
          }
        })();

        const serve = async (label: string) => {
          const from = Number(progress.figures["creates answered"] ?? 0);
          const since = Date.now();
          await progress.until(
            `${label} answering ${CREATES_PER_SERVER} creates`,
            async () => {
              const answered = Number(progress.figures["creates answered"] ?? 0) - from;
              return {
                done: answered >= CREATES_PER_SERVER && Date.now() - since >= MIN_SERVE_MS,
                progress: answered,
                figure: `${answered} answered`,
              };
            },
            {
              stallMs: NO_ANSWER_STALL_MS,
              why: `no create answered for ${NO_ANSWER_STALL_MS / 1000} s with ${CLIENTS} clients asking`,
              intervalMs: 200,
            },
          );
        };

        for (let kill = 1; kill <= KILLS; kill++) {
          await serve(`server ${kill}`);
          await server.stop("SIGKILL");
          progress.set("kills", kill);
          server = await start(`restart after kill ${kill}`);
        }
        await serve(`server ${KILLS + 1}`);
        loading = false;
        const results = await progress.step(
          "the clients' last keys answered",
          { budgetMs: graceMs() + 30_000, why: "a key's retry grace plus one answer" },
          () => load,
        );
        await progress.step(
          "the last approval",
          { budgetMs: 60_000, why: "one approval in a transaction" },
          () => approvals,
        );

        const audit = await progress.step(
          "the audit of the creates",
          { budgetMs: 90_000, why: "30 s for answers stored after the load, then three queries" },
          () => auditCreates(tenant.site.id, results),
        );
        console.log(
          `kill -9 x${KILLS}: ${JSON.stringify({ ...audit, unanswered: audit.unanswered.length, contractBreaks: audit.contractBreaks.length, approved: approved.length })}`,
        );
        // The kills cut requests off: some keys needed retries (how many depends on the machine's speed).
        expect(audit.keys).toBeGreaterThanOrEqual(CLIENTS * KILLS);
        expect(audit.retried).toBeGreaterThan(0);
        expect(audit.unanswered).toEqual([]);
        expect(audit.stuckKeys).toBe(0);
        expect(audit.unseenCreates).toEqual([]);
        expect(audit.created).toBe(audit.answered);
        expect(audit.contractBreaks).toEqual([]);

        // The ledger: each approved deposit posted once, with its move, and every set balances.
        const posted = await prisma.ledgerEntrySet.groupBy({
          by: ["transactionId"],
          where: { kind: "DEPOSIT", transaction: { trackingCode: { in: approved } } },
          _count: { _all: true },
        });
        expect(posted.length).toBe(approved.length);
        expect(posted.filter((p) => p._count._all !== 1)).toEqual([]);
        expect(await prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } })).toBe(approved.length);
        expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);

        // Each approval's callback arrives. A killed server's claim holds its deliveries until its lease runs
        // out, so the wait fails only when no callback has been delivered for longer than a lease and a retry.
        const deliveries = () => prisma.callbackDelivery.findMany({ where: { trackingCode: { in: approved } } });
        await progress.until(
          "the approvals' callbacks delivered",
          async () => {
            const delivered = (await deliveries()).filter((d) => d.state === "DELIVERED").length;
            return {
              done: delivered === approved.length,
              progress: delivered,
              figure: `${delivered} of ${approved.length} delivered`,
            };
          },
          {
            stallMs: CLAIM_LEASE_MS + 45_000,
            why: `a killed server's claim lease (${CLAIM_LEASE_MS / 1000} s) and a retry`,
          },
        );
        expect(new Set(receiver.received.map((c) => c.body.tracking_code))).toEqual(new Set(approved));
        const attempts = await prisma.callbackAttempt.findMany({
          where: { deliveryId: { in: (await deliveries()).map((d) => d.id) } },
        });
        const logged = new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`));
        const unlogged = receiver.received.filter(
          (c) => !logged.has(`${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`),
        );
        expect(unlogged).toEqual([]);
        expect(attempts.filter((a) => a.inFlight)).toEqual([]);
        console.log(progress.summary());
      } finally {
        loading = false;
        await server.stop();
        await receiver.close();
      }
    },
    30 * 60_000,
  );
});
