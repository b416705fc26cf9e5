import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { testGatewayConnection } from "@/lib/domain/third-party/gateway-connection";
import { sendClaimedWithdrawal } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { GATEWAY_CONNECTORS, type GatewayConnectorName } from "@/lib/integrations/connectors/registry";
import { admin } from "../support/admin-cli";
import { verifyAsReceiver } from "../support/callback-receiver";
import { noteText } from "../support/notes";
import { inquireWhile, later, orderRow, saveRowGateway, startDeposit, startWithdrawal } from "./gateway-orders";
import type { GatewayJourney, GatewayPartner, GatewayRow } from "./types";
import { callbacks, expectSimulator, newTenant, oneCallback, sayNotApplicable, type Tenant } from "./world";

/**
 * The journeys every third-party gateway connector goes through against its simulator, on the run's
 * production server: the gateway added with the admin CLI, deposits through the provider API and our payment
 * page's choice, the partner's notifications to the gateway's notify URL, the status inquiry job, and
 * withdrawals handed to the partner.
 */

export const GATEWAY_JOURNEY_TITLES: Record<GatewayJourney, string> = {
  configure:
    "configured through the admin CLI: a wrong configuration refused by name, secrets masked, the test call answered",
  depositApprove: "deposit approved: the partner's notification completes it, one signed callback",
  depositDecline: "deposit declined by the partner: canceled, one callback",
  depositAbandon: "deposit abandoned: the partner ends it its own way, canceled, one callback",
  tampered:
    "tampered or forged notifications (or one posted to another gateway) change nothing; the genuine one then applies",
  duplicate: "duplicate notification: nothing changes, one callback",
  lateApproval: "late approval after the partner ended the deposit: recorded and raised for staff, not applied",
  lostNotification: "status inquiry recovers a notification that never came",
  withdrawalPaid: "withdrawal paid: completed, one callback",
  withdrawalRefused: "withdrawal refused: failed with the partner's words",
  withdrawalUnknown: "withdrawal without an answer: held, found again by the resend, settled by the inquiry, paid once",
};

export function gatewayConformance(name: GatewayConnectorName, r: GatewayRow): void {
  const connector = GATEWAY_CONNECTORS[name];
  let partner: GatewayPartner;
  let tenant: Tenant;
  const gateways = new Map<string, number>();
  const baseUrl = () => inject("baseUrl");

  const context = () => ({ row: r, partner, tenant });

  /** A gateway of this connector (saved as the console saves it); `impatient`: its calls give up after 2 s. */
  async function gateway(kind: "main" | "other" | "impatient" = "main"): Promise<number> {
    const known = gateways.get(kind);
    if (known) return known;
    const id = await saveRowGateway(name, context(), kind === "impatient" ? { timeoutMs: 2000 } : {});
    gateways.set(kind, id);
    return id;
  }

  const deposit = (gatewayId: number, amount = 250) => startDeposit(context(), gatewayId, amount);
  const withdraw = (gatewayId: number, outcome: "paid" | "refused", amount = 75) =>
    startWithdrawal(context(), gatewayId, outcome, amount);
  const row = orderRow;

  const journey = (id: GatewayJourney, run: () => Promise<void>, timeout = 90_000) => {
    const reason = r.notApplicable?.[id];
    if (reason)
      it(`${GATEWAY_JOURNEY_TITLES[id]}: not applicable (${reason})`, () =>
        sayNotApplicable("gateway", name, id, reason));
    else it(GATEWAY_JOURNEY_TITLES[id], run, timeout);
  };

  describe(`gateway connector ${name} (${r.simulator})`, () => {
    beforeAll(async () => {
      expectSimulator(r.simulator);
      partner = await r.start();
      tenant = await newTenant();
    }, 120_000);
    afterEach(() => partner?.reset());
    afterAll(() => partner?.stop());

    journey(
      "configure",
      async () => {
        const good = partner.config();
        const wrong = partner.wrongConfig(good);
        const code = `cf-cli-${randomCodeGroup(6).toLowerCase()}`;
        const flags = [
          "--method",
          r.method,
          "--name",
          `CLI ${code}`,
          "--code",
          code,
          "--min",
          "10",
          "--max",
          "50000",
          "--required-fields",
          r.requiredFields.join(","),
          ...(r.cryptoTypes ? ["--crypto-types", r.cryptoTypes.join(",")] : []),
          "--connector",
          name,
        ];
        const refused = admin("gateway:add", ...flags, "--config", JSON.stringify(wrong.config));
        expect(refused.code, refused.stdout).toBe(2);
        for (const key of wrong.names) expect(refused.stderr).toContain(key);
        expect(await prisma.gateway.count({ where: { code } })).toBe(0);
        const added = admin("gateway:add", ...flags, "--config", JSON.stringify(good));
        expect(added.code, added.stderr).toBe(0);
        const g = added.json<{ id: number; connector: string; notify_url: string }>();
        expect(g).toMatchObject({ connector: name, notify_url: `${baseUrl()}/api/webhooks/gateways/id/${g.id}` });
        for (const key of connector.secretKeys)
          if (typeof good[key] === "string") expect(added.stdout).not.toContain(good[key]);
        expect(
          await testGatewayConnection(await prisma.gateway.findUniqueOrThrow({ where: { id: g.id } })),
        ).toMatchObject({ ok: true });
        gateways.set("main", g.id);
      },
      120_000,
    );

    journey("depositApprove", async () => {
      const d = await deposit(await gateway());
      const message = await partner.payDeposit(d);
      expect((await row(d.code)).status).toBe("pending");
      await message.deliver();
      expect((await row(d.code)).status).toBe("completed");
      const [callback] = await (await callbacks()).forTrackingCode(d.code);
      expect(callback!.body).toMatchObject({
        status: "completed",
        amount: 250,
        type: `third_party_${r.method}_deposit`,
      });
      expect(verifyAsReceiver(callback!, tenant.creds.apiKey, tenant.creds.secretKey)).toBe(true);
    });

    journey("depositDecline", async () => {
      const d = await deposit(await gateway());
      await (await partner.declineDeposit(d)).deliver();
      expect((await row(d.code)).status).toBe(r.declinedStatus);
      expect((await (await callbacks()).forTrackingCode(d.code))[0]!.body).toMatchObject({ status: r.declinedStatus });
    });

    journey("depositAbandon", async () => {
      const d = await deposit(await gateway());
      await partner.abandonDeposit(d);
      await inquireWhile(d.code, "pending");
      expect((await row(d.code)).status).toBe(r.declinedStatus);
      expect((await (await callbacks()).forTrackingCode(d.code))[0]!.body).toMatchObject({
        status: r.declinedStatus,
        type: `third_party_${r.method}_deposit`,
      });
    });

    journey("tampered", async () => {
      const d = await deposit(await gateway());
      const message = await partner.payDeposit(d);
      const events = (await row(d.code)).events.length;
      for (const forgery of message.forgeries()) await forgery.deliver();
      await message.deliverTo(`${baseUrl()}/api/webhooks/gateways/id/${await gateway("other")}`);
      const untouched = await row(d.code);
      expect(untouched.status).toBe("pending");
      expect(untouched.events).toHaveLength(events);
      expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(0);
      await message.deliver();
      expect((await row(d.code)).status).toBe("completed");
    });

    journey("duplicate", async () => {
      const d = await deposit(await gateway());
      const message = await partner.payDeposit(d);
      await message.deliver();
      await message.deliver();
      await (await callbacks()).forTrackingCode(d.code);
      await message.deliver();
      await message.release();
      expect((await row(d.code)).events.filter((e) => e.toStatus === "completed")).toHaveLength(1);
      await oneCallback(d.code);
    });

    journey("lateApproval", async () => {
      const d = await deposit(await gateway());
      await partner.abandonDeposit(d);
      await inquireWhile(d.code, "pending");
      const closed = await row(d.code);
      expect(closed.status).toBe(r.declinedStatus);
      await (await callbacks()).forTrackingCode(d.code);
      await (await partner.payDeposit(d)).deliver();
      const after = await row(d.code);
      expect(after.status).toBe(r.declinedStatus);
      expect(await prisma.alert.findMany({ where: { transactionId: d.id } })).toEqual([
        expect.objectContaining({ kind: "outcome_conflict" }),
      ]);
      expect(after.events.at(-1)).toMatchObject({
        fromStatus: r.declinedStatus,
        toStatus: r.declinedStatus,
        noteKey: "notApplied",
      });
      expect(noteText(after.events.at(-1)!)).toContain("Not applied: gateway");
      expect(await prisma.callbackDelivery.count({ where: { trackingCode: d.code } })).toBe(1);
    });

    journey("lostNotification", async () => {
      const d = await deposit(await gateway());
      await partner.payDepositSilently(d);
      expect((await row(d.code)).status).toBe("pending");
      await inquireWhile(d.code, "pending");
      expect((await row(d.code)).status).toBe("completed");
      expect((await (await callbacks()).forTrackingCode(d.code))[0]!.body).toMatchObject({
        status: "completed",
        amount: 250,
      });
    });

    journey("withdrawalPaid", async () => {
      const w = await withdraw(await gateway(), "paid");
      await partner.settleWithdrawal(w, "paid", true);
      await expect.poll(async () => (await row(w.code)).status, { timeout: 15_000 }).toBe("completed");
      const [callback] = await (await callbacks()).forTrackingCode(w.code);
      expect(callback!.body).toMatchObject({
        status: "completed",
        amount: 75,
        type: `third_party_${r.method}_withdrawal`,
      });
      expect(partner.payoutsOf(w.code)).toBe(1);
      await oneCallback(w.code);
    });

    journey("withdrawalRefused", async () => {
      const w = await withdraw(await gateway(), "refused");
      await partner.settleWithdrawal(w, "refused", true);
      await expect.poll(async () => (await row(w.code)).status, { timeout: 15_000 }).toBe("failed");
      expect((await row(w.code)).errorMessage).toContain(r.withdrawalRefusal);
      expect((await (await callbacks()).forTrackingCode(w.code))[0]!.body).toMatchObject({ status: "failed" });
    });

    journey("withdrawalUnknown", async () => {
      const gatewayId = await gateway("impatient");
      partner.loseNextWithdrawalAnswer();
      const w = await withdraw(gatewayId, "paid");
      const waiting = await row(w.code);
      expect(waiting.status).toBe("processing");
      expect(waiting.gatewayReference).toBeNull();
      // The job runner's resubmission, for this withdrawal alone: the partner's look-up or idempotency finds the first.
      expect(["sent", "accepted"]).toContain(await sendClaimedWithdrawal(w.id, later(10 * 60_000)));
      await partner.settleWithdrawal(w, "paid", false);
      await inquireWhile(w.code, "processing");
      expect((await row(w.code)).status).toBe("completed");
      expect(partner.payoutsOf(w.code)).toBe(1);
      await oneCallback(w.code);
    });
  });
}
