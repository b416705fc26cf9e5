import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { CARD_CONNECTORS, type CardConnectorName } from "@/lib/integrations/connectors/registry";
import { admin, adminAsync } from "../support/admin-cli";
import { verifyAsReceiver } from "../support/callback-receiver";
import { paymentPageText, pressPayByCard } from "../support/card-journey";
import { noteText } from "../support/notes";
import { signedRequest } from "../support/signed-request";
import { cardBrowserJourney } from "./card-browser-journey";
import { asPayment, cardPayment, customer, payAt } from "./card-payments";
import { cardRefundJourneys, type CardWorld } from "./card-refund-journeys";
import type { CardJourney, CardRow } from "./types";
import {
  appFor,
  callbacks,
  cardsShown,
  expectSimulator,
  expireNow,
  newTenant,
  oneCallback,
  sayNotApplicable,
  transaction,
  untouched,
  type Tenant,
} from "./world";

/**
 * The card journeys every card connector goes through, against its simulator, through the production build:
 * the customer's browser played over real HTTP (our payment page, "Pay by card", the partner's page, what the
 * partner sends back), the dealer configured with the admin CLI, refunds asked of the partner.
 */

export const CARD_JOURNEY_TITLES: Record<CardJourney, string> = {
  configure:
    "configured through the admin CLI: a wrong configuration refused by name, secrets masked, the test call answered",
  approve: "approve: paid at the partner, the payment succeeds with one signed callback (provider and dealer payments)",
  decline:
    "decline: open for another card without a callback, then failed with the partner's code, one failed callback",
  abandon: "abandoned: TIMEOUT after 15 minutes, and the status inquiry leaves it so",
  tampered: "tampered or forged messages are refused and change nothing; the genuine one then applies",
  duplicate: "duplicate: the same message again is a duplicate, one callback",
  lateApproval: "late approval after the timeout: recorded and raised for a refund, the payment stays failed",
  refund: "refund approved: part, then the rest through the CLI",
  refundRefused: "refund refused by the partner: said, nothing recorded as refunded",
  refundTimeout: "refund without an answer: unknown and held; the partner's records show it made, recorded once",
  refundLost:
    "refund lost on the way: unknown, no other refund meanwhile; the records show it not made, sent again once",
  lostReturn:
    "status inquiry recovers a lost return or notification: one verdict (a success, or a charge not accepted where nothing signed the 3-D level), one callback",
  browser: "browser at 390 px: our page, the partner's page, back, payment successful",
};

/** Registers one row's journeys (a describe block per connector). */
export function cardConformance(name: CardConnectorName, row: CardRow): void {
  const connector = CARD_CONNECTORS[name];
  const w = {} as CardWorld & { tenant: Tenant; configured: boolean };

  const journey = (id: CardJourney, run: () => Promise<void>, timeout = 90_000) => {
    const reason = row.notApplicable?.[id];
    if (reason)
      it(`${CARD_JOURNEY_TITLES[id]}: not applicable (${reason})`, () => sayNotApplicable("card", name, id, reason));
    else it(CARD_JOURNEY_TITLES[id], run, timeout);
  };

  describe(`card connector ${name} (${row.simulator})`, () => {
    beforeAll(async () => {
      expectSimulator(row.simulator);
      w.partner = await row.start();
      w.app = await appFor(connector.sandboxOnly === true);
      w.tenant = await newTenant();
      w.configured = false;
    }, 120_000);
    afterEach(() => w.partner?.reset());
    afterAll(() => w.partner?.stop());

    /** The row's dealer, configured (by the configure journey through the CLI, or here when it ran apart). */
    w.dealer = async () => {
      if (!w.configured)
        await setDealerAcquirer(w.tenant.dealer.id, name, await w.partner.configFor(w.tenant.dealer.id, w.app), {
          label: "test",
        });
      w.configured = true;
      return w.tenant;
    };
    w.paid = async (t) => {
      const p = await cardPayment(w.app, t);
      await (await payAt(w, p, "approve")).deliver();
      await (await callbacks()).forTrackingCode(p.tracking_code);
      return { ...p, id: (await transaction(p.tracking_code)).id };
    };

    journey(
      "configure",
      async () => {
        const t = await newTenant();
        const good = await w.partner.configFor(t.dealer.id, w.app);
        const wrong = w.partner.wrongConfig(good);
        const refused = admin(
          "acquirer:set",
          "--dealer",
          String(t.dealer.id),
          "--connector",
          name,
          "--config",
          JSON.stringify(wrong.config),
        );
        expect(refused.code, refused.stdout).toBe(2);
        for (const key of wrong.names) expect(refused.stderr).toContain(key);
        expect(await prisma.dealerAcquirer.count({ where: { dealerId: t.dealer.id } })).toBe(0);

        const id = String(w.tenant.dealer.id);
        const set = admin(
          "acquirer:set",
          "--dealer",
          id,
          "--connector",
          name,
          "--config",
          JSON.stringify(await w.partner.configFor(w.tenant.dealer.id, w.app)),
        );
        expect(set.code, set.stderr).toBe(0);
        w.configured = true;
        expect(set.json()).toMatchObject({ connector: name, configured: true, connection: "untested" });
        for (const key of connector.secretKeys)
          if (typeof good[key] === "string") expect(set.stdout).not.toContain(good[key]);
        const test = await adminAsync("acquirer:test", "--dealer", id);
        expect(test.code, test.stderr).toBe(0);
        expect(test.json(), "the connector's testConnection against the simulator").toMatchObject({ ok: true });
      },
      120_000,
    );

    journey("approve", async () => {
      const t = await w.dealer();
      const p = await cardPayment(w.app, t);
      const message = await payAt(w, p, "approve");
      expect((await transaction(p.tracking_code)).status).toBe("pending");
      await message.deliver();
      expect((await transaction(p.tracking_code)).status).toBe("success");
      const [callback] = await (await callbacks()).forTrackingCode(p.tracking_code);
      expect(callback!.body).toMatchObject({
        status: "success",
        tracking_code: p.tracking_code,
        order_id: p.order_id,
        amount: 150,
      });
      expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
      expect(await paymentPageText(`${p.payment_url}?lang=en`)).toContain("Payment successful");
      // The card as the partner signed it, or none where it signs none (an unsigned mask never fills it).
      expect(await cardsShown(p.tracking_code)).toEqual(row.cardShown.approve ? [row.cardShown.approve] : []);

      // The dealer's own payment (dealer API): the dealer's signed callback.
      const res = await signedRequest(w.app.baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, {
        body: {
          username: customer.username,
          firstname: customer.firstname,
          lastname: customer.lastname,
          email: customer.email,
          phone: customer.phone,
          amount: "250",
        },
      });
      expect(res.status).toBe(200);
      const own = asPayment(w.app, res.json.data);
      await (await payAt(w, own, "approve")).deliver();
      expect((await transaction(own.tracking_code)).status).toBe("success");
      const [dealerCallback] = await (await callbacks()).forTrackingCode(own.tracking_code);
      expect(dealerCallback!.body).toMatchObject({ success: true, status: "success", amount: 250 });
      expect(verifyAsReceiver(dealerCallback!, t.dealerCreds.apiKey, t.dealerCreds.secretKey)).toBe(true);
    });

    journey("decline", async () => {
      const p = await cardPayment(w.app, await w.dealer());
      await (await payAt(w, p, "decline")).deliver();
      // The payment stays open for another card (docs/decisions.md): the attempt holds the decline, no callback yet.
      const open = await transaction(p.tracking_code);
      expect(open.status).toBe("pending");
      expect(
        await prisma.cardAttempt.findMany({
          where: { transactionId: open.id },
          select: { status: true, errorCode: true },
        }),
      ).toEqual([{ status: "declined", errorCode: row.decline.code }]);
      expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
      // When it ends, the one callback carries the decline's code.
      await expireNow(p.tracking_code);
      const [callback] = await (await callbacks()).forTrackingCode(p.tracking_code);
      expect(callback!.body).toMatchObject({ status: "failed", error_code: row.decline.code });
      expect(await transaction(p.tracking_code)).toMatchObject({
        status: "failed",
        errorCode: row.decline.code,
        ...(row.decline.message ? { errorMessage: row.decline.message } : {}),
      });
      await oneCallback(p.tracking_code);
    });

    journey("abandon", async () => {
      const t = await w.dealer();
      const p = await cardPayment(w.app, t);
      await w.partner.open(await pressPayByCard(p.payment_url), p, w.app);
      const before = await transaction(p.tracking_code);
      expect(before.expiresAt!.getTime() - before.createdAt.getTime()).toBe(15 * 60_000);
      await expireNow(p.tracking_code);
      const [callback] = await (await callbacks()).forTrackingCode(p.tracking_code);
      expect(callback!.body).toMatchObject({ status: "failed", error_code: "TIMEOUT" });
      const verdicts = await inquireCardPayments(new Date(), { force: true, dealerId: t.dealer.id });
      expect(verdicts[p.order_id]).toBe(row.abandonedInquiry);
      expect(await transaction(p.tracking_code)).toMatchObject({ status: "failed", errorCode: "TIMEOUT" });
    });

    journey("tampered", async () => {
      const p = await cardPayment(w.app, await w.dealer());
      const message = await payAt(w, p, "approve");
      const forgeries = message.forgeries();
      expect(forgeries.length).toBeGreaterThan(0);
      for (const forgery of forgeries) await forgery.deliver();
      await untouched(p.tracking_code, "pending");
      await message.deliver();
      expect((await transaction(p.tracking_code)).status).toBe("success");
      // A decline altered into an approval (the forgery that takes money) is refused the same way.
      const declined = await cardPayment(w.app, await w.dealer());
      const decline = await payAt(w, declined, "decline");
      for (const forgery of decline.forgeries()) await forgery.deliver();
      await untouched(declined.tracking_code, "pending");
      await decline.deliver();
      expect(
        await prisma.cardAttempt.findMany({
          where: { transaction: { trackingCode: declined.tracking_code } },
          select: { status: true },
        }),
      ).toEqual([{ status: "declined" }]);
    });

    journey("duplicate", async () => {
      const p = await cardPayment(w.app, await w.dealer());
      const message = await payAt(w, p, "approve");
      await message.deliver();
      await message.deliver();
      await (await callbacks()).forTrackingCode(p.tracking_code);
      await message.deliver();
      expect((await transaction(p.tracking_code)).events.filter((e) => e.toStatus === "success")).toHaveLength(1);
      await oneCallback(p.tracking_code);
    });

    journey("lateApproval", async () => {
      const p = await cardPayment(w.app, await w.dealer());
      const page = await w.partner.open(await pressPayByCard(p.payment_url), p, w.app);
      await expireNow(p.tracking_code);
      await (await callbacks()).forTrackingCode(p.tracking_code);
      expect((await transaction(p.tracking_code)).status).toBe("failed");
      const late = await w.partner.pay(page, "approve");
      // The return comes later than the server's own question about the payment: a partner whose return is only a
      // pointer (it is asked, once a minute at most) is asked again for it.
      await prisma.transaction.update({ where: { trackingCode: p.tracking_code }, data: { gatewayInquiredAt: null } });
      await late.deliver();
      const after = await transaction(p.tracking_code);
      expect(after.status).toBe("failed");
      const alerts = await prisma.alert.findMany({ where: { transactionId: after.id } });
      // The return's approval recorded as late; or, where the server's own status question found the charge first
      // (its answer says no 3-D level), the same charge raised as not accepted. Raised for a refund either way, once.
      expect(alerts).toEqual([
        expect.objectContaining({ kind: expect.stringMatching(/^(late_card_approval|charge_not_accepted)$/) }),
      ]);
      expect(alerts[0]!.resolvedAt).toBeNull();
      if (alerts[0]!.kind === "late_card_approval")
        expect(after.events.some((e) => noteText(e).startsWith("Not applied: card-acquirer reported approved"))).toBe(
          true,
        );
      expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    });

    cardRefundJourneys(name, row, w, journey);

    journey("lostReturn", async () => {
      const t = await w.dealer();
      const p = await cardPayment(w.app, t);
      const message = await payAt(w, p, "approve");
      expect((await transaction(p.tracking_code)).status).toBe("pending");
      await prisma.transaction.update({
        where: { trackingCode: p.tracking_code },
        data: { createdAt: new Date(Date.now() - 5 * 60_000) },
      });
      // The server's own runner may ask first (the payment then has left the inquiry: no answer for it here)
      // or at the same time (a duplicate): either way the verdict is applied once, as the history shows.
      const verdict = (await inquireCardPayments(new Date(), { force: true, dealerId: t.dealer.id }))[p.order_id];
      if (verdict !== undefined) expect(["applied", "duplicate"]).toContain(verdict);
      const done = await transaction(p.tracking_code);
      expect(await cardsShown(p.tracking_code)).toEqual(row.cardShown.lostReturn ? [row.cardShown.lostReturn] : []);
      if (row.lostReturnInquiry === "charge-not-accepted") {
        // Nothing signed says the approval was full 3-D: the bank's charge is not credited, staff give it back.
        expect(done).toMatchObject({ status: "failed", errorCode: "3D_UNVERIFIED" });
        expect(await prisma.alert.findMany({ where: { transactionId: done.id } })).toEqual([
          expect.objectContaining({ kind: "charge_not_accepted", resolvedAt: null }),
        ]);
        await message.release();
        const after = await transaction(p.tracking_code);
        expect(after.status).toBe("failed");
        expect(after.events.filter((e) => e.toStatus === "success")).toHaveLength(0);
        await oneCallback(p.tracking_code);
        return;
      }
      expect(done.status).toBe("success");
      expect(done.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
      await message.release();
      expect((await transaction(p.tracking_code)).events.filter((e) => e.toStatus === "success")).toHaveLength(1);
      await oneCallback(p.tracking_code);
    });

    journey("browser", () => cardBrowserJourney(w), 120_000);
  });
}
