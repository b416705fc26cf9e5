import { describe, expect, it } from "vitest";
import { approveByCode } from "@/lib/domain/approvals/approve-by-code";
import { prisma } from "@/lib/base/db/prisma";
import { startCallbackReceiver } from "../support/callback-receiver";
import { auditCreates, depositLoad, depositTenant, loadServerEnv, sleep } from "../support/fault-load";
import { unbalancedSets } from "../support/ledger";
import { ownDatabase } from "../support/own-database";
import { startAppServer, type AppServer } from "../support/test-stack";

const own = ownDatabase();

const CLIENTS = 8;
const KILLS = 3;
// How long each (re)started server serves the load before it is killed; the last one is not killed.
const SERVE_MS = 6_000;

describe("kill -9 of the server under load", () => {
  it("leaves no key claimed, no create a client was not told about, and every approval's callback sent and logged", async () => {
    const receiver = await startCallbackReceiver();
    let server: AppServer = await startAppServer(loadServerEnv(own.env));
    try {
      const tenant = await depositTenant(receiver.url);
      let loading = true;
      const created: string[] = [];
      const approved: string[] = [];
      const load = depositLoad(tenant, () => server.baseUrl, { clients: CLIENTS, loading: () => loading, graceMs: 45_000, onCreated: (code) => created.push(code) });

      // Staff approve what the clients created, while the server that sends the callbacks is killed.
      const approvals = (async () => {
        while (loading) {
          const code = created[approved.length];
          if (code) {
            await approveByCode(code, { label: "fault test", viaCli: true });
            approved.push(code);
          } else await sleep(100);
        }
      })();

      for (let kill = 0; kill < KILLS; kill++) {
        await sleep(SERVE_MS);
        await server.stop("SIGKILL");
        server = await startAppServer(loadServerEnv(own.env));
      }
      await sleep(SERVE_MS);
      loading = false;
      const results = await load;
      await approvals;

      const audit = await auditCreates(tenant.site.id, results);
      console.log(`kill -9 x${KILLS}: ${JSON.stringify({ ...audit, unanswered: audit.unanswered.length, contractBreaks: audit.contractBreaks.length, approved: approved.length })}`);
      // The kills cut requests off: some keys needed retries (how many depends on the machine's speed).
      expect(audit.keys).toBeGreaterThanOrEqual(CLIENTS * KILLS);
      expect(audit.retried).toBeGreaterThan(0);
      expect(audit.unanswered).toEqual([]);
      expect(audit.stuckKeys).toBe(0);
      expect(audit.unseenCreates).toEqual([]);
      expect(audit.created).toBe(audit.answered);
      expect(audit.contractBreaks).toEqual([]);

      // The ledger: each approved deposit posted once, with its move, and every set balances.
      const posted = await prisma.ledgerEntrySet.groupBy({ by: ["transactionId"], where: { kind: "DEPOSIT", transaction: { trackingCode: { in: approved } } }, _count: { _all: true } });
      expect(posted.length).toBe(approved.length);
      expect(posted.filter((p) => p._count._all !== 1)).toEqual([]);
      expect(await prisma.ledgerEntrySet.count({ where: { dealerId: tenant.dealer.id } })).toBe(approved.length);
      expect(await unbalancedSets(tenant.dealer.id)).toEqual([]);

      // Each approval's callback arrives; every send that reached the receiver is in the attempt log.
      const deliveries = () => prisma.callbackDelivery.findMany({ where: { trackingCode: { in: approved } } });
      await expect.poll(async () => (await deliveries()).filter((d) => d.state === "DELIVERED").length, { timeout: 90_000, interval: 1000 }).toBe(approved.length);
      expect(new Set(receiver.received.map((c) => c.body.tracking_code))).toEqual(new Set(approved));
      const attempts = await prisma.callbackAttempt.findMany({ where: { deliveryId: { in: (await deliveries()).map((d) => d.id) } } });
      const logged = new Set(attempts.map((a) => `${a.deliveryId}#${a.attemptNumber}`));
      const unlogged = receiver.received.filter((c) => !logged.has(`${String(c.headers["x-delivery-id"])}#${String(c.headers["x-delivery-attempt"])}`));
      expect(unlogged).toEqual([]);
      expect(attempts.filter((a) => a.inFlight)).toEqual([]);
    } finally {
      await server.stop();
      await receiver.close();
    }
  }, 300_000);
});
