import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { requireDealerCardAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { inquireCardPayments } from "@/lib/domain/cards/inquire-card-payments";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { startCardCheckout } from "@/lib/domain/cards/start-checkout";
import { sandboxStoreKey } from "@/lib/integrations/sandbox/acquirer/sandbox-checkout";
import { admin } from "../support/admin-cli";
import { freePort } from "../support/free-port";
import { startCallbackReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { httpRequest } from "../support/http";
import { chargedAtSandboxAcquirer, sandboxReturnQuery } from "../support/sandbox-acquirer";
import { signedRequest } from "../support/signed-request";
import { noteText } from "../support/notes";

const baseUrl = inject("baseUrl");
const card = {
  username: "ayse.k",
  user_id: "u-9",
  firstname: "Ayşe",
  lastname: "Kaya",
  email: "ayse@example.com",
  phone: "+905551112233",
  amount: 150,
};
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function pay(t: Tenant) {
  const res = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...card },
  });
  expect(res.status).toBe(200);
  const data = res.json.data as { tracking_code: string; order_id: string; payment_url: string };
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

/** A payment whose checkout is open at the sandbox acquirer (as after "Pay by card"). */
async function checkoutOpen(t: Tenant) {
  const p = await pay(t);
  const next = await startCardCheckout(p.token, "en");
  expect(next).toMatchObject({ kind: "redirect", url: expect.stringContaining("/sandbox/acquirer/pay/cs_") });
  const session = await prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { orderId: p.order_id } });
  return { ...p, session };
}

const row = (code: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });
const browserReturn = (token: string, query: string) =>
  httpRequest({ url: `${baseUrl}/api/returns/card/${token}?lang=tr&${query}`, method: "GET" });

describe("a dealer's card acquirer", () => {
  it("without one, card payments are refused with 403 in the contract's shape and nothing is opened", async () => {
    const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
    const res = await signedRequest(baseUrl, "/api/provider/credit-card/payment", t.creds, {
      body: { credential_key: t.site.credential_key, ...card },
    });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      success: false,
      error: "Card acquirer not configured",
      message: expect.stringContaining("no card acquirer is configured"),
    });
    const dealerRes = await signedRequest(baseUrl, "/api/dealer/credit-card/payment", t.dealerCreds, {
      body: {
        username: "m",
        firstname: "M",
        lastname: "Y",
        email: "m@example.com",
        phone: "+905550000000",
        amount: 250,
      },
    });
    expect(dealerRes.status).toBe(403);
    expect(await prisma.transaction.count({ where: { dealerId: t.dealer.id } })).toBe(0);
  });

  it("the sandbox connector is no acquirer where the sandbox is off", async () => {
    const t = await createTenant();
    await expect(requireDealerCardAcquirer(prisma, t.dealer.id)).resolves.toMatchObject({ name: "sandbox-card" });
    const before = process.env.SANDBOX_ENABLED;
    process.env.SANDBOX_ENABLED = "false";
    try {
      await expect(requireDealerCardAcquirer(prisma, t.dealer.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    } finally {
      process.env.SANDBOX_ENABLED = before;
    }
  });

  it("acquirer:set refuses a missing or unknown key by name (exit 2, nothing saved); acquirer:show masks the secret", async () => {
    const t = await createTenant({ acquirer: null });
    const id = String(t.dealer.id);
    const missing = admin(
      "acquirer:set",
      "--dealer",
      id,
      "--connector",
      "sandbox-card",
      "--config",
      JSON.stringify({ merchantId: "M-1" }),
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("storeKey");
    const unknown = admin(
      "acquirer:set",
      "--dealer",
      id,
      "--connector",
      "sandbox-card",
      "--config",
      JSON.stringify({ merchantId: "M-1", storeKey: sandboxStoreKey(), colour: "red" }),
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("colour");
    expect(admin("acquirer:set", "--dealer", id, "--connector", "no-such-bank", "--config", "{}").stderr).toContain(
      "connector must be one of sandbox-card",
    );
    expect(await prisma.dealerAcquirer.count({ where: { dealerId: t.dealer.id } })).toBe(0);
    expect(admin("acquirer:show", "--dealer", id).json()).toMatchObject({
      connector: null,
      configured: false,
      connection: null,
    });

    const set = admin(
      "acquirer:set",
      "--dealer",
      id,
      "--connector",
      "sandbox-card",
      "--config",
      JSON.stringify({ merchantId: "M-1", storeKey: sandboxStoreKey() }),
    );
    expect(set.code).toBe(0);
    const shown = admin("acquirer:show", "--dealer", id);
    expect(shown.stdout).not.toContain(sandboxStoreKey());
    expect(shown.json()).toMatchObject({
      connector: "sandbox-card",
      configured: true,
      connection: "untested",
      config: { merchantId: "M-1", storeKey: "••••" },
    });
    const stored = JSON.stringify(
      (await prisma.dealerAcquirer.findUniqueOrThrow({ where: { dealerId: t.dealer.id } })).config,
    );
    expect(stored).not.toContain(sandboxStoreKey());
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "dealer.acquirer_set", entityId: id } });
    expect(JSON.stringify(audit.after)).not.toContain(sandboxStoreKey());
    expect(admin("acquirer:test", "--dealer", id).json()).toMatchObject({ ok: true });
    admin(
      "acquirer:set",
      "--dealer",
      id,
      "--connector",
      "sandbox-card",
      "--config",
      JSON.stringify({ merchantId: "M-1", storeKey: "a-wrong-store-key-0000" }),
    );
    expect(admin("acquirer:test", "--dealer", id).json()).toMatchObject({
      ok: false,
      message: "The sandbox acquirer refused the store key.",
    });
  }, 180_000);
});

describe("the browser's return, through the dealer's connector", () => {
  it("a tampered return changes nothing; the signed one applies once, a repeat (GET or form post) is a duplicate", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await checkoutOpen(t);
    const fields = {
      orderId: p.order_id!,
      status: "approved",
      amount: "150.00",
      reference: p.session.id,
      authCode: "A1B2",
    };
    const tampered = [
      sandboxReturnQuery({ ...fields, status: "declined" }, { status: "approved" }),
      sandboxReturnQuery(fields, { amount: "1.00" }),
      sandboxReturnQuery({ ...fields, amount: "1.00" }),
      sandboxReturnQuery(fields, { signature: "0".repeat(64) }),
      new URLSearchParams(fields).toString(),
    ];
    for (const query of tampered) {
      const res = await browserReturn(p.token, query);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${baseUrl}/pay/${p.token}?lang=tr`);
    }
    const untouched = await row(p.tracking_code!);
    expect(untouched.status).toBe("pending");
    expect(untouched.events).toHaveLength(1);

    expect((await browserReturn(p.token, sandboxReturnQuery(fields))).status).toBe(303);
    const form = await httpRequest({
      url: `${baseUrl}/api/returns/card/${p.token}`,
      body: sandboxReturnQuery(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(303);
    const paid = await row(p.tracking_code!);
    expect(paid.status).toBe("success");
    expect(paid.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    expect(paid.gatewayReference).toBe("A1B2");
    const [callback] = await receiver.forTrackingCode(p.tracking_code!, 1, 40_000);
    expect(callback!.body).toMatchObject({ status: "success" });
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    expect((await browserReturn("unknown-token-0000000000000000", sandboxReturnQuery(fields))).status).toBe(404);
  }, 60_000);
});

describe("status inquiry", () => {
  it("recovers a lost return and notification; asking again changes nothing; an open checkout is left waiting", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const lost = await checkoutOpen(t);
    const open = await checkoutOpen(t);
    await chargedAtSandboxAcquirer(lost.order_id!, "INQ1");
    const past = new Date(Date.now() - 5 * 60_000);
    await prisma.transaction.updateMany({
      where: { trackingCode: { in: [lost.tracking_code!, open.tracking_code!] } },
      data: { createdAt: past },
    });
    const first = await inquireCardPayments(new Date(), { force: true, dealerId: t.dealer.id });
    // The server's own runner may have asked first (the payment then has left the inquiry) or at the same
    // time (a duplicate): either way the verdict is applied exactly once.
    if (first[lost.order_id!] !== undefined) expect(["applied", "duplicate"]).toContain(first[lost.order_id!]);
    expect(first[open.order_id!]).toBe("no-verdict");
    // Once ended, the payment is no longer asked about; the open one still is, and still waits.
    const second = await inquireCardPayments(new Date(), { force: true, dealerId: t.dealer.id });
    expect(second[lost.order_id!]).toBeUndefined();
    expect(second[open.order_id!]).toBe("no-verdict");
    const paid = await row(lost.tracking_code!);
    expect(paid.status).toBe("success");
    expect(paid.events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    expect((await receiver.forTrackingCode(lost.tracking_code!))[0]!.body).toMatchObject({ status: "success" });
    expect((await row(open.tracking_code!)).status).toBe("pending");
  });
});

describe("refunds through the acquirer", () => {
  async function paid(t: Tenant) {
    const p = await checkoutOpen(t);
    await chargedAtSandboxAcquirer(p.order_id!, "R3F1");
    expect(
      (
        await browserReturn(
          p.token,
          sandboxReturnQuery({
            orderId: p.order_id!,
            status: "approved",
            amount: "150.00",
            reference: p.session.id,
            authCode: "R3F1",
          }),
        )
      ).status,
    ).toBe(303);
    return { ...p, id: (await row(p.tracking_code!)).id };
  }

  it("approved: a partial refund keeps the payment successful, the rest (CLI) makes it refunded; never more than the amount", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await paid(t);
    await expect(refundCardPayment(p.id, { label: "ops" }, "too much", "150.01")).rejects.toMatchObject({
      code: "VALIDATION",
      message: "amount must be at most 150.00",
    });
    expect(await refundCardPayment(p.id, { label: "ops" }, "one item back", "50.00")).toMatchObject({
      status: "success",
      amount: "50.00",
      refundedTotal: "50.00",
      fullyRefunded: false,
    });
    expect((await row(p.tracking_code!)).events.map(noteText)).toContain(
      "Partial refund 50.00 approved by the acquirer: one item back",
    );
    const cli = admin("transaction:refund", p.tracking_code!, "--reason", "the rest");
    expect(cli.code).toBe(0);
    expect(cli.json()).toEqual({
      tracking_code: p.tracking_code,
      status: "refunded",
      refunded: "100.00",
      refunded_total: "150.00",
    });
    expect(
      (
        await prisma.sandboxAcquirerSession.findUniqueOrThrow({ where: { orderId: p.order_id } })
      ).refundedAmount.toFixed(2),
    ).toBe("150.00");
    const again = admin("transaction:refund", p.tracking_code!);
    expect(again.code).toBe(2);
    expect(
      (await prisma.cardRefund.findMany({ where: { transactionId: p.id }, orderBy: { id: "asc" } })).map((r) => [
        r.amount.toFixed(2),
        r.status,
      ]),
    ).toEqual([
      ["50.00", "approved"],
      ["100.00", "approved"],
    ]);
    // A refund is not a callback.
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    // Two CLI runs (each a fresh process) and a paid checkout: 30 s is too little on a loaded machine.
  }, 90_000);

  it("refused by the acquirer: says why, the payment stays successful, the attempt is audited", async () => {
    const t = await createTenant({ callbackUrl: receiver.url });
    const p = await paid(t);
    // Refunded in full at the bank already (its own panel): the acquirer has nothing left to give back.
    await prisma.sandboxAcquirerSession.update({ where: { orderId: p.order_id }, data: { refundedAmount: "150.00" } });
    await expect(refundCardPayment(p.id, { label: "ops" }, "customer request")).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^The acquirer refused the refund: REFUND_EXCEEDS_AMOUNT: /),
    });
    const after = await row(p.tracking_code!);
    expect(after.status).toBe("success");
    expect(after.events.filter((e) => e.toStatus === "refunded")).toHaveLength(0);
    expect(await prisma.cardRefund.findMany({ where: { transactionId: p.id } })).toEqual([
      expect.objectContaining({ status: "refused", errorCode: "REFUND_EXCEEDS_AMOUNT" }),
    ]);
    expect(
      await prisma.auditLog.count({ where: { action: "transaction.refund_refused", entityId: String(p.id) } }),
    ).toBe(1);
    const cli = admin("transaction:refund", p.tracking_code!);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toContain("REFUND_EXCEEDS_AMOUNT");
  }, 60_000);

  it("acquirer:test exits 1 when the acquirer cannot be reached, naming the host and the cause (refused, DNS); acquirer:set says untested", async () => {
    const t = await createTenant({ acquirer: null });
    const id = String(t.dealer.id);
    const closed = await freePort();
    const est = (apiUrl: string) =>
      JSON.stringify({
        clientId: "190100000",
        storeKey: "STORE-KEY-1",
        username: "api-user",
        password: "api-pass",
        apiUrl,
        timeoutMs: 5000,
      });
    const set = admin(
      "acquirer:set",
      "--dealer",
      id,
      "--connector",
      "est-v3",
      "--config",
      est(`http://127.0.0.1:${closed}/fim/api`),
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.json()).toMatchObject({ connector: "est-v3", configured: true, connection: "untested" });
    expect(set.stdout).not.toContain('"usable"');

    const refused = admin("acquirer:test", "--dealer", id);
    expect(refused.code, refused.stderr).toBe(1);
    const refusedMessage = `EST API could not be reached at 127.0.0.1:${closed}: the connection was refused (nothing listens on that port: ECONNREFUSED)`;
    expect(refused.json()).toEqual({ ok: false, message: refusedMessage });
    expect(refused.stderr).toContain(`acquirer:test: ${refusedMessage}`);

    admin("acquirer:set", "--dealer", id, "--connector", "est-v3", "--config", est("https://pos.invalid/fim/api"));
    const unknownHost = admin("acquirer:test", "--dealer", id);
    expect(unknownHost.code).toBe(1);
    expect(unknownHost.json<{ message: string }>().message).toMatch(
      /^EST API could not be reached at pos\.invalid:443: the host name was not found \(DNS (ENOTFOUND|EAI_AGAIN)\)$/,
    );
  }, 120_000);
});
