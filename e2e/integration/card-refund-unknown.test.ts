import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import {
  askAcquirerAboutRefund,
  checkCardRefund,
  resolveUnknownCardRefunds,
} from "@/lib/domain/cards/resolve-card-refunds";
import { CARDS, DEFAULT_STORE, startEstV3Simulator, type EstV3Simulator } from "../simulators/est-v3/server";
import { readForm } from "../simulators/est-v3/browser";
import { adminAsync } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { postReturn, pressPayByCard, readCardStep, startProductionServer, submit } from "../support/card-journey";
import { consoleSession, pageText } from "../support/console-session";
import { createTenant } from "../support/fixtures";
import { noteText } from "../support/notes";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";

/**
 * A card refund whose acquirer call gets no answer, through a production build with the sandbox off and the
 * simulated EST bank over real HTTP: it stays held as "unknown" and raised, no other refund of the payment is
 * asked meanwhile, the bank's records settle it both ways (made / not made), and a retry sends the same refund
 * only once they show it was not made: exactly one refund at the bank either way.
 */

const stackEnv = inject("stackEnv");
const customer = {
  username: "ayse.k",
  user_id: "u-9",
  firstname: "Ayşe",
  lastname: "Kaya",
  email: "ayse@example.com",
  phone: "+905551112233",
};
let server: AppServer;
let bank: EstV3Simulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  bank = await startEstV3Simulator();
  receiver = await startCallbackReceiver();
  server = await startProductionServer(stackEnv);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await bank?.stop();
});
afterEach(() => {
  bank.delayApi(0);
  bank.loseApiCalls(false);
  bank.threeDSecure(null);
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Paid = { id: number; tracking_code: string; order_id: string };

/** The API gives up after 1 s, so a bank that answers after 2 s is a timeout (a call it still carries out). */
const estConfig = (extra: Record<string, unknown> = {}) => ({
  clientId: DEFAULT_STORE.clientId,
  storeKey: DEFAULT_STORE.storeKey,
  username: DEFAULT_STORE.username,
  password: DEFAULT_STORE.password,
  gatewayUrl: bank.gatewayUrl,
  apiUrl: bank.apiUrl,
  timeoutMs: 1000,
  ...extra,
});

async function estTenant(extra: Record<string, unknown> = {}): Promise<Tenant> {
  const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
  await setDealerAcquirer(t.dealer.id, "est-v3", estConfig(extra), { label: "test" });
  return t;
}

/** A card payment paid at the bank's gate and returned to us: the payment as recorded after the return. */
async function pay(t: Tenant, amount = "150.00") {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...customer, amount: Number(amount) },
  });
  expect(res.status).toBe(200);
  const data = res.json.data as { tracking_code: string; order_id: string; payment_url: string };
  const step = await pressPayByCard(data.payment_url);
  const gate = await submit(await readCardStep(step), step);
  const answer = await submit(readForm(gate.html)!, bank.gatewayUrl, {
    pan: CARDS.approve,
    holder: "AYSE KAYA",
    expiry: "12/30",
    cv2: "000",
  });
  expect((await postReturn(readForm(answer.html)!)).status).toBe(303);
  const row = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: data.tracking_code } });
  return { ...data, id: row.id, row };
}

async function paid(t: Tenant): Promise<Paid> {
  const p = await pay(t);
  expect(p.row.status).toBe("success");
  return p;
}

const credits = (p: Paid) => bank.order(DEFAULT_STORE.clientId, p.order_id)!.credits;
const creditCalls = (p: Paid) => bank.apiCalls().filter((c) => c.type === "Credit" && c.orderId === p.order_id).length;
const refundsOf = (p: Paid) => prisma.cardRefund.findMany({ where: { transactionId: p.id }, orderBy: { id: "asc" } });
const alertsOf = (p: Paid) => prisma.alert.findMany({ where: { transactionId: p.id, kind: "refund_unknown" } });

async function until(what: () => boolean, ms = 5000): Promise<void> {
  for (const end = Date.now() + ms; !what();) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A refund through the CLI whose call gets no answer: refused with the unknown state, held, raised. */
async function unansweredRefund(p: Paid, amount: string) {
  const cli = await adminAsync("transaction:refund", p.tracking_code, "--amount", amount, "--reason", "customer asked");
  expect(cli.code).toBe(2);
  expect(cli.stderr).toContain(`The acquirer did not answer the refund of ${amount}`);
  const [refund] = await refundsOf(p);
  expect(refund).toMatchObject({ status: "unknown", attempts: 1 });
  return refund!;
}

describe("a refund the bank did not answer", () => {
  it("stays held as unknown and raised; a retry finds it made and sends nothing: one refund at the bank", async () => {
    const t = await estTenant();
    const p = await paid(t);
    bank.delayApi(2000);
    const refund = await unansweredRefund(p, "40.00");
    bank.delayApi(0);
    await until(() => credits(p).length === 1);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("success");
    // Raised (the server's housekeeping may already be settling it: it is made).
    expect(await alertsOf(p)).toEqual([expect.objectContaining({ kind: "refund_unknown", source: "card-acquirer" })]);
    const history = (await prisma.transactionEvent.findMany({ where: { transactionId: p.id } })).map(noteText);
    expect(history).toContain(
      `Refund 40.00 (${refund.refundId}) got no answer from the acquirer: unknown, held until the acquirer's records show whether it was made`,
    );

    // The retry asks the bank's records first: the refund is there, so it is recorded and nothing is sent.
    // (The server's own housekeeping may have settled it a moment earlier: then the retry says so.)
    const retry = await adminAsync("transaction:refund-check", refund.refundId, "--retry");
    if (retry.code === 0)
      expect(retry.json()).toMatchObject({
        refund_id: refund.refundId,
        result: "made",
        status: "success",
        refunded_total: "40.00",
      });
    else expect(retry.stderr).toContain("is no longer unknown");
    expect(await refundsOf(p)).toEqual([
      expect.objectContaining({ status: "approved", partnerReference: credits(p)[0]!.transId, attempts: 1 }),
    ]);
    expect(credits(p)).toHaveLength(1);
    expect(creditCalls(p)).toBe(1);
    expect(await alertsOf(p)).toEqual([expect.objectContaining({ resolvedAt: expect.any(Date) })]);
    expect(await prisma.ledgerEntrySet.count({ where: { kind: "CARD_REFUND", transactionId: p.id } })).toBe(1);

    // Settled: the rest can be refunded now.
    const rest = await adminAsync("transaction:refund", p.tracking_code);
    expect(rest.json()).toEqual({
      tracking_code: p.tracking_code,
      status: "refunded",
      refunded: "110.00",
      refunded_total: "150.00",
    });
  }, 120_000);

  it("a check that read the refund just before the task recorded it made still finds its credit at the bank", async () => {
    const t = await estTenant();
    const p = await paid(t);
    bank.delayApi(2000);
    await unansweredRefund(p, "30.00");
    bank.delayApi(0);
    await until(() => credits(p).length === 1);
    // What staff's check had read when the task (here, or the server's own housekeeping) recorded it made.
    const read = await prisma.cardRefund.findFirstOrThrow({
      where: { transactionId: p.id },
      include: { transaction: true },
    });
    expect(read.status).toBe("unknown");
    await resolveUnknownCardRefunds(new Date(), { force: true });
    const [recorded] = await refundsOf(p);
    expect(recorded).toMatchObject({ status: "approved", partnerReference: credits(p)[0]!.transId });
    // Its own credit is not taken for another refund's: the check is told it is made (and then that it is settled),
    // never that the acquirer does not show it.
    expect(await askAcquirerAboutRefund(read)).toEqual({ status: "made", partnerReference: credits(p)[0]!.transId });
    const check = await adminAsync("transaction:refund-check", read.refundId);
    expect(check.stderr).toContain("is no longer unknown");
  }, 120_000);

  it("lost on the way: no new refund meanwhile (CLI and console say so), not sent again before the bank's records can be trusted, then sent again with the same refund: one refund at the bank", async () => {
    const t = await estTenant();
    const p = await paid(t);
    bank.loseApiCalls();
    const refund = await unansweredRefund(p, "50.00");
    bank.loseApiCalls(false);
    expect(credits(p)).toHaveLength(0);
    // No other refund while it is unknown (the bank's records cannot settle it yet): not even what is left.
    const another = await adminAsync("transaction:refund", p.tracking_code, "--amount", "10.00");
    expect(another.code).toBe(2);
    expect(another.stderr).toContain(
      `A refund of 50.00 (${refund.refundId}) of this payment got no answer from the acquirer: no new refund until it is settled`,
    );
    expect(await refundsOf(p)).toHaveLength(1);

    // The console says so too, in the operator's language, and offers the check instead of a new refund.
    const staff = await consoleSession(server.baseUrl, "dealer", { dealerId: t.dealer.id });
    const en = pageText((await staff.get(`/console/transactions/${p.id}`, { "accept-language": "en" })).text);
    expect(en).toContain(`The acquirer did not answer the refund of`);
    expect(en).toContain("Check at the acquirer");
    const tr = pageText((await staff.get(`/console/transactions/${p.id}`, { "accept-language": "tr-TR" })).text);
    expect(tr).toContain("Kart işlemcisinde sorgula");
    expect(tr).toContain("İade yanıtsız kaldı");

    const early = await adminAsync("transaction:refund-check", refund.refundId, "--retry");
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(
      new RegExp(
        `The acquirer's records do not show refund ${refund.refundId} yet; it can be sent again in \\d minutes`,
      ),
    );
    expect(creditCalls(p)).toBe(0);
    // Five minutes on, the bank's history still shows no such refund: sent again, the same refund id.
    const later = await checkCardRefund(
      refund.refundId,
      { label: "ops" },
      { retry: true, now: new Date(Date.now() + 6 * 60_000) },
    );
    expect(later).toMatchObject({
      refundId: refund.refundId,
      result: "sent",
      outcome: { status: "success", refundedTotal: "50.00" },
    });
    expect(await refundsOf(p)).toEqual([
      expect.objectContaining({ refundId: refund.refundId, status: "approved", attempts: 2 }),
    ]);
    expect(credits(p).map((c) => [c.amountMinor, c.procReturnCode])).toEqual([[5000n, "00"]]);
    expect(await alertsOf(p)).toEqual([expect.objectContaining({ resolvedAt: expect.any(Date) })]);
  }, 120_000);

  it("the inquiry task settles unknown refunds both ways: made is recorded, not made (once settled) frees the amount", async () => {
    const t = await estTenant();
    const [made, lost] = [await paid(t), await paid(t)];
    bank.delayApi(2000);
    await unansweredRefund(made, "30.00");
    bank.delayApi(0);
    await until(() => credits(made).length === 1);
    bank.loseApiCalls();
    const notMade = await unansweredRefund(lost, "20.00");
    bank.loseApiCalls(false);

    // Now: the made one is recorded; the lost one is too recent to call not made.
    const first = await resolveUnknownCardRefunds(new Date(), { force: true });
    expect(first[notMade.refundId]).toBe("unknown");
    expect(await refundsOf(made)).toEqual([
      expect.objectContaining({ status: "approved", partnerReference: credits(made)[0]!.transId }),
    ]);
    expect(await refundsOf(lost)).toEqual([expect.objectContaining({ status: "unknown" })]);
    // Five minutes on: not made, the amount free again, the alert resolved with what happened.
    const later = await resolveUnknownCardRefunds(new Date(Date.now() + 6 * 60_000), { force: true });
    expect(later[notMade.refundId]).toBe("not_made");
    expect(await refundsOf(lost)).toEqual([expect.objectContaining({ status: "not_made" })]);
    expect((await alertsOf(lost))[0]).toMatchObject({
      resolvedBy: "card-acquirer",
      resolution: `Refund 20.00 (${notMade.refundId}) was not made: the acquirer's records show no such refund`,
    });
    expect(credits(lost)).toHaveLength(0);
    const again = await adminAsync("transaction:refund", lost.tracking_code);
    expect(again.json()).toMatchObject({ status: "refunded", refunded: "150.00" });
    expect(credits(lost).map((c) => c.amountMinor)).toEqual([15000n]);
  }, 120_000);

  it("a refund left pending by a call that never finished (the process stopped) becomes unknown", async () => {
    const t = await estTenant();
    const p = await paid(t);
    const stuck = await prisma.cardRefund.create({
      data: {
        transactionId: p.id,
        refundId: `RF-STUCK-${p.id}`,
        amount: "5.00",
        actorLabel: "ops",
        attempts: 1,
        sentAt: new Date(Date.now() - 11 * 60_000),
      },
    });
    await resolveUnknownCardRefunds(new Date(), { force: true });
    expect((await prisma.cardRefund.findUniqueOrThrow({ where: { id: stuck.id } })).status).not.toBe("pending");
    expect(await alertsOf(p)).toHaveLength(1);
  });
});

describe("EST status answers and half 3-D Secure through the app", () => {
  it("an approval the status inquiry reports for another amount is never a success: recorded and raised", async () => {
    const t = await estTenant();
    const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
      body: { credential_key: t.site.credential_key, ...customer, amount: 150 },
    });
    const data = res.json.data as { tracking_code: string; order_id: string; payment_url: string };
    const step = await pressPayByCard(data.payment_url);
    const gate = await submit(await readCardStep(step), step);
    bank.dropReturns(true);
    try {
      expect(
        readForm(
          (
            await submit(readForm(gate.html)!, bank.gatewayUrl, {
              pan: CARDS.approve,
              holder: "AYSE KAYA",
              expiry: "12/30",
              cv2: "000",
            })
          ).html,
        ),
      ).toBeNull();
    } finally {
      bank.dropReturns(false);
    }
    bank.order(DEFAULT_STORE.clientId, data.order_id)!.amountMinor = 100n; // the bank reports 1.00
    await prisma.transaction.update({
      where: { trackingCode: data.tracking_code },
      data: { createdAt: new Date(Date.now() - 5 * 60_000) },
    });
    expect((await inquireCardPayments(new Date(), { force: true, dealerId: t.dealer.id }))[data.order_id]).toBe(
      "mismatch",
    );
    const row = await prisma.transaction.findUniqueOrThrow({
      where: { trackingCode: data.tracking_code },
      include: { events: true, alerts: true },
    });
    expect(row.status).toBe("pending");
    expect(row.alerts).toEqual([expect.objectContaining({ kind: "inquiry_mismatch" })]);
    expect(row.events.map(noteText)).toContain(
      "Not applied: card-acquirer's status answer does not match the order (amount 1.00, ours 150.00).",
    );
  }, 90_000);

  it("half 3-D Secure (mdStatus 2-4) fails the payment and asks for a refund unless the dealer accepts it; recorded on the payment; 5-9 is a decline", async () => {
    const strict = await estTenant();
    bank.threeDSecure("3");
    const refused = await pay(strict);
    expect(refused.row).toMatchObject({ status: "failed", errorCode: "HALF_3D", threeDSecure: "half" });
    expect(await prisma.alert.findMany({ where: { transactionId: refused.id } })).toEqual([
      expect.objectContaining({ kind: "charge_not_accepted", resolvedAt: null }),
    ]);
    expect(bank.order(DEFAULT_STORE.clientId, refused.order_id)).toMatchObject({ state: "A", mdStatus: "3" });

    const lenient = await estTenant({ acceptHalf3D: true });
    const accepted = await pay(lenient);
    expect(accepted.row).toMatchObject({ status: "success", threeDSecure: "half" });
    bank.threeDSecure("7");
    // A 3-D error is a plain decline: the payment stays open for another card, the attempt holds MD7.
    const declined = await pay(lenient);
    expect(declined.row.status).toBe("pending");
    expect(
      await prisma.cardAttempt.findMany({
        where: { transactionId: declined.id },
        select: { status: true, errorCode: true },
      }),
    ).toEqual([{ status: "declined", errorCode: "MD7" }]);
    bank.threeDSecure(null);
    expect((await pay(strict)).row).toMatchObject({ status: "success", threeDSecure: "full" });
  }, 120_000);
});
