import { afterAll, describe, expect, inject, it } from "vitest";
import { settings } from "@/lib/base/config/settings";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { inquireOpenGatewayOrders } from "@/lib/domain/third-party/inquire-open-orders";
import { receiveGatewayNotification } from "@/lib/domain/third-party/receive-gateway-notification";
import { rotateGatewaySecret, saveGateway } from "@/lib/domain/third-party/save-gateway";
import { testGatewayConnection } from "@/lib/domain/third-party/gateway-connection";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import { startBankSimulator } from "../simulators/http-partner/bank";
import { startPartnerSimulator, v2Headers, type SimulatorOptions } from "../simulators/http-partner/server";
import { createTenant } from "../support/fixtures";
import { handedOver } from "../support/hand-over";
import { callWithSite } from "../support/provider-calls";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * docs/partner-protocol.md, version 2 (issue 38): replays and late messages are refused, version 1 still
 * works during the transition, offsets are accepted, a rotated secret's grace period holds under version 2,
 * inquiry answers are signed and about our order, and the partner (simulator) verifies our signatures.
 */
const baseUrl = inject("baseUrl");
const MINUTE = 60_000;
const ACTOR = { label: "test" };
const customer = { user_id: "u-2", username: "deniz", fullname: "Deniz Aksoy" };
const later = (ms: number) => new Date(Date.now() + ms);
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

async function simulator(
  secret: string,
  answer: Parameters<typeof startPartnerSimulator>[1],
  options?: SimulatorOptions,
) {
  const sim = await startPartnerSimulator(secret, answer, options);
  closers.push(sim.close);
  return sim;
}

/** A wallet gateway reached through a simulator: withdrawals are accepted as SIM-<clientRef>; `inquiry` scripts /inquiries. */
async function gatewayWithWithdrawal(
  secret: string,
  options: {
    inquiry?: (body: Record<string, unknown>) => unknown;
    simulator?: SimulatorOptions;
    configSecret?: string;
  } = {},
) {
  const sim = await simulator(
    secret,
    (call) => {
      if (call.path === "/inquiries")
        return {
          status: 200,
          body: options.inquiry?.(call.body) ?? {
            clientRef: call.body.clientRef,
            kind: call.body.kind,
            status: "pending",
          },
        };
      if (call.path === "/withdrawals")
        return { status: 200, body: { gatewayReference: `SIM-${String(call.body.clientRef)}` } };
      return { status: 200, body: { success: true } };
    },
    options.simulator,
  );
  const suffix = randomCodeGroup(6).toLowerCase();
  const gateway = await saveGateway(
    undefined,
    {
      method: "WALLET",
      name: `V2 Wallet ${suffix}`,
      code: `v2-wallet-${suffix}`,
      minAmount: "10",
      maxAmount: "5000",
      description: "test",
      isActive: true,
      requiredFields: ["wallet_number"],
      supportedCryptoTypes: [],
      connector: "http-partner",
      config: { baseUrl: sim.url, secret: options.configSecret ?? secret, merchantId: "m-v2", timeoutMs: 3000 },
    },
    ACTOR,
  );
  const t = await createTenant();
  const res = await callWithSite("/api/provider/third-party/wallet/start-withdrawal", t.creds, t.site.credential_key, {
    ...customer,
    amount: 20,
    gateway_id: gateway.id,
    wallet_number: "5001234567",
  });
  expect(res.status).toBe(200);
  const w = await handedOver(String((res.json.data as Record<string, string>).tracking_code));
  const notifyUrl = `${baseUrl}/api/webhooks/gateways/id/${gateway.id}`;
  const completed = {
    reference: `SIM-${w.trackingCode}`,
    clientRef: w.trackingCode,
    kind: "withdrawal",
    status: "completed",
    amount: "20.00",
  };
  return { sim, gateway, w, notifyUrl, completed };
}

const row = (id: number) => prisma.transaction.findUniqueOrThrow({ where: { id } });

describe("a version 2 partner message", () => {
  it("is applied once: the same bytes and headers sent again are refused, by this server and by any other process", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, gateway, w, notifyUrl, completed } = await gatewayWithWithdrawal(secret);
    let sent: { raw: string; headers: Record<string, string> } | undefined;
    const first = await sim.notify(notifyUrl, completed, secret, { sent: (raw, headers) => (sent = { raw, headers }) });
    expect(first).toMatchObject({ status: 200, json: { success: true, status: "applied" } });
    expect(await row(w.id)).toMatchObject({ status: "completed" });

    const replay = await sim.post(notifyUrl, sent!.raw, sent!.headers);
    expect(replay.status).toBe(401);
    // The nonce is remembered in PostgreSQL: another process (this test's) refuses it as well.
    const elsewhere = await receiveGatewayNotification(gateway, {
      method: "POST",
      path: new URL(notifyUrl).pathname,
      headers: { "content-type": "application/json", ...sent!.headers },
      rawBody: sent!.raw,
      form: null,
      query: {},
    });
    expect(elsewhere).toMatchObject({ verified: false, reason: expect.stringMatching(/replayed/) });
    expect(await prisma.transactionEvent.count({ where: { transactionId: w.id, toStatus: "completed" } })).toBe(1);
  });

  it("outside the 5-minute window is refused and changes nothing; signed to another path it is refused", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, w, notifyUrl, completed } = await gatewayWithWithdrawal(secret);
    const late = await sim.notify(notifyUrl, completed, secret, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(late.status).toBe(401);
    const raw = JSON.stringify(completed);
    const elsewhere = await sim.post(
      notifyUrl,
      raw,
      v2Headers(secret, `${baseUrl}/api/webhooks/gateways/id/999999`, raw),
    );
    expect(elsewhere.status).toBe(401);
    expect(await row(w.id)).toMatchObject({ status: "processing" });
    expect(await sim.notify(notifyUrl, completed, secret)).toMatchObject({ status: 200, json: { status: "applied" } });
  });

  it("version 1 (the body's signature alone) is still accepted while the transition lasts, and refused after it", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, w, notifyUrl, completed } = await gatewayWithWithdrawal(secret);
    const v1 = await sim.notify(notifyUrl, completed, secret, { version: "v1" });
    if (new Date() < settings.partnerV1AcceptedUntil) {
      expect(v1).toMatchObject({ status: 200, json: { status: "applied" } });
      expect(await row(w.id)).toMatchObject({ status: "completed" });
    } else {
      expect(v1.status).toBe(401);
    }
  });

  it("a rotated secret's previous one verifies version 2 messages during the grace period, and nothing after it", async () => {
    const old = `v2-secret-${randomCodeGroup(12)}`;
    const first = await gatewayWithWithdrawal(old);
    const { webhookSecret } = await rotateGatewaySecret(first.gateway.id, ACTOR, 3600);
    expect(await first.sim.notify(first.notifyUrl, first.completed, old)).toMatchObject({
      status: 200,
      json: { status: "applied" },
    });

    await prisma.gateway.update({
      where: { id: first.gateway.id },
      data: { previousConfigUntil: new Date(Date.now() - 1000) },
    });
    const t = await createTenant();
    const res = await callWithSite(
      "/api/provider/third-party/wallet/start-withdrawal",
      t.creds,
      t.site.credential_key,
      { ...customer, amount: 20, gateway_id: first.gateway.id, wallet_number: "5001234567" },
    );
    // Our order is signed with the new secret, which this partner does not have yet: it is refused and sent again later.
    const second = await handedOver(String((res.json.data as Record<string, string>).tracking_code));
    const body = { clientRef: second.trackingCode, kind: "withdrawal", status: "completed", amount: "20.00" };
    expect((await first.sim.notify(first.notifyUrl, body, old)).status).toBe(401);
    expect((await row(second.id)).status).not.toBe("completed");
    expect(await first.sim.notify(first.notifyUrl, body, webhookSecret)).toMatchObject({ status: 200 });
  });
});

describe("a bank notification whose time carries an offset", () => {
  it("is accepted (+03:00), signed by either version, and booked at that instant", async () => {
    const t = await createTenant();
    const iban = ibanFromBban(
      "TR",
      `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    );
    const secret = `bank-secret-${randomCodeGroup(12)}`;
    const bank = await startBankSimulator(secret, { [iban]: "100.00" });
    closers.push(bank.close);
    const wallet = await addEibanWallet(
      { dealerId: t.dealer.id, iban, bankName: "Partner Bank", accountName: "Dealer" },
      ACTOR,
      undefined,
      { connector: "http-partner", config: sealBankConfig("http-partner", { baseUrl: bank.url, secret }) },
    );
    const webhook = `${baseUrl}/api/webhooks/bank`;
    const payment = (reference: string) => ({
      type: "incoming",
      reference,
      iban,
      amount: "12.50",
      senderName: "Ali Veli",
      senderIban: "TR330006100519786457841326",
      description: "offset",
      occurredAt: "2026-11-27T14:05:00+03:00",
    });
    const v1 = `OFS-${randomCodeGroup(10)}`;
    const v2 = `OFS-${randomCodeGroup(10)}`;
    expect(await bank.notify(webhook, payment(v1), secret, { version: "v1" })).toMatchObject({
      status: 200,
      json: { status: "recorded" },
    });
    expect(await bank.notify(webhook, payment(v2), secret)).toMatchObject({
      status: 200,
      json: { status: "recorded" },
    });
    const line = await prisma.eibanTransaction.findFirstOrThrow({ where: { walletId: wallet.id, externalId: v2 } });
    expect(line.occurredAt.toISOString()).toBe("2026-11-27T11:05:00.000Z");
  });
});

describe("the gateway's status inquiry answer", { timeout: 120_000 }, () => {
  const inquireUntilAsked = async (sim: { calls: { path: string }[] }) => {
    // Each pass asks the 50 least recently asked open orders of the whole database: in a full run other files'
    // open orders come first, so this one may take a few dozen passes.
    for (let i = 1; i <= 40 && !sim.calls.some((c) => c.path === "/inquiries"); i++)
      await inquireOpenGatewayOrders(later(11 * MINUTE * i));
    expect(sim.calls.some((c) => c.path === "/inquiries")).toBe(true);
  };
  const mismatchAlerts = (id: number) =>
    prisma.alert.findMany({ where: { transactionId: id, kind: "partner_answer_mismatch" } });

  it("unsigned, is never applied and raises an alert", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, w } = await gatewayWithWithdrawal(secret, {
      simulator: { answerSigning: "none" },
      inquiry: (b) => ({
        reference: `SIM-${String(b.clientRef)}`,
        clientRef: b.clientRef,
        kind: "withdrawal",
        status: "completed",
        amount: "20.00",
      }),
    });
    await inquireUntilAsked(sim);
    expect(await row(w.id)).toMatchObject({ status: "processing" });
    expect((await mismatchAlerts(w.id)).map((a) => a.messageKey)).toEqual(["partnerAnswerUnsigned"]);
  });

  it("signed with another secret, is never applied and raises an alert", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, w } = await gatewayWithWithdrawal(secret, {
      simulator: { answerSigning: { secret: "someone-else-0123456789" } },
      inquiry: (b) => ({ clientRef: b.clientRef, kind: "withdrawal", status: "completed", amount: "20.00" }),
    });
    await inquireUntilAsked(sim);
    expect(await row(w.id)).toMatchObject({ status: "processing" });
    expect((await mismatchAlerts(w.id)).map((a) => a.messageKey)).toEqual(["partnerAnswerUnsigned"]);
  });

  it("about another order or another kind, is never applied and raises an alert naming what differs", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const other = await gatewayWithWithdrawal(secret, {
      inquiry: () => ({ clientRef: "TPW-SOMEONE-ELSE", kind: "withdrawal", status: "completed", amount: "20.00" }),
    });
    const kind = await gatewayWithWithdrawal(secret, {
      inquiry: (b) => ({ clientRef: b.clientRef, kind: "deposit", status: "confirmed", amount: "20.00" }),
    });
    await inquireUntilAsked(other.sim);
    await inquireUntilAsked(kind.sim);
    expect(await row(other.w.id)).toMatchObject({ status: "processing" });
    expect(await row(kind.w.id)).toMatchObject({ status: "processing" });
    expect(await mismatchAlerts(other.w.id)).toEqual([
      expect.objectContaining({
        messageKey: "partnerAnswerMismatch",
        messageParams: expect.objectContaining({ field: "clientRef", reported: "TPW-SOMEONE-ELSE" }),
      }),
    ]);
    expect(await mismatchAlerts(kind.w.id)).toEqual([
      expect.objectContaining({
        messageKey: "partnerAnswerMismatch",
        messageParams: expect.objectContaining({ field: "kind", reported: "deposit" }),
      }),
    ]);
  });

  it("signed for our request and about our order, is applied", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const { sim, w } = await gatewayWithWithdrawal(secret, {
      inquiry: (b) => ({
        reference: `SIM-${String(b.clientRef)}`,
        clientRef: b.clientRef,
        kind: "withdrawal",
        status: "completed",
        amount: "20.00",
      }),
    });
    await inquireUntilAsked(sim);
    expect(await row(w.id)).toMatchObject({ status: "completed" });
    expect(await mismatchAlerts(w.id)).toEqual([]);
  });
});

describe("the partner verifies our signatures", () => {
  it("our calls carry version 2; a call signed with the wrong secret is refused (401), and so is a replay of a good one", async () => {
    const secret = `v2-secret-${randomCodeGroup(12)}`;
    const good = await gatewayWithWithdrawal(secret);
    expect(good.sim.calls[0]).toMatchObject({ path: "/withdrawals", version: "v2" });

    const wrong = await gatewayWithWithdrawal(secret, { configSecret: `not-the-partners-${randomCodeGroup(12)}` });
    expect(wrong.sim.calls).toHaveLength(0);
    expect(wrong.sim.refused).toEqual([
      expect.objectContaining({ path: "/withdrawals", reason: "v2 signature does not match" }),
    ]);
    expect(await row(wrong.w.id)).toMatchObject({
      status: "processing",
      gatewayReference: null,
      gatewayAcceptedAt: null,
    });
    expect(await testGatewayConnection(wrong.gateway)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/401/),
    });

    const { raw, headers } = good.sim.calls[0]!;
    const signatures = Object.fromEntries(
      Object.entries(headers).filter(([name]) => name.startsWith("x-partner-") || name === "x-gateway-signature"),
    );
    const again = await good.sim.post(`${good.sim.url}/withdrawals`, raw, signatures);
    expect(again.status).toBe(401);
    expect(good.sim.refused.at(-1)).toMatchObject({ reason: "nonce seen before" });
  });
});
