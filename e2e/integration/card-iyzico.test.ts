import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { checkCardRefund } from "@/lib/domain/cards/resolve-card-refunds";
import { iyzicoConnector } from "@/lib/integrations/connectors/iyzico";
import { iyzicoConfigSchema } from "@/lib/integrations/connectors/iyzico/config";
import { readForm, type PageForm } from "../simulators/est-v3/browser";
import { startIyzicoSimulator, type IyzicoSimulator } from "../simulators/iyzico/server";
import { adminAsync } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { consoleSession, pageText } from "../support/console-session";
import { postReturn, pressPayByCard, startProductionServer, submit } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";
import { noteText } from "../support/notes";

/**
 * iyzico's Checkout Form through the app: a production build with the sandbox off (APP_ENV=production), a
 * dealer whose acquirer is iyzico pointing at the simulated iyzico, and the customer's browser over real HTTP:
 * our payment page, the redirect to iyzico's hosted page, the card, the token POSTed back to our return URL.
 *
 * The journeys every card connector shares (approve, decline, abandon, forged returns, duplicates, late
 * approval, refunds, inquiry recovery) run in the conformance suite (connector-conformance-cards-1..3.test.ts);
 * this file keeps what only this partner has.
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
const APPROVE = "5528790000000008";
const INSUFFICIENT = "4111111111111129";
let server: AppServer;
let iyzico: IyzicoSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  iyzico = await startIyzicoSimulator();
  receiver = await startCallbackReceiver();
  server = await startProductionServer(stackEnv);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await iyzico?.stop();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Payment = { tracking_code: string; order_id: string; payment_url: string; token: string };

const iyzicoConfig = () => ({ apiKey: iyzico.apiKey, secretKey: iyzico.secretKey, baseUrl: iyzico.url });

async function iyzicoTenant(): Promise<Tenant> {
  const t = await createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
  await setDealerAcquirer(t.dealer.id, "iyzico", iyzicoConfig(), { label: "test" });
  return t;
}

function asPayment(data: Omit<Payment, "token">): Payment {
  expect(data.payment_url.startsWith(`${server.baseUrl}/pay/`)).toBe(true);
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

async function providerPayment(t: Tenant): Promise<Payment> {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...customer, amount: 150 },
  });
  expect(res.status).toBe(200);
  return asPayment(res.json.data as Omit<Payment, "token">);
}

/** "Pay by card" -> redirected to iyzico's hosted page: its card form. */
async function atTheHostedPage(p: Payment): Promise<{ form: PageForm; url: string }> {
  const url = await pressPayByCard(p.payment_url);
  expect(url.startsWith(`${iyzico.url}/checkoutform?`)).toBe(true);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const form = readForm(await page.text());
  expect(form?.fields.map(([n]) => n)).toContain("cardNumber");
  return { form: form!, url };
}

/** The card on iyzico's page: the form carrying the token back to our return URL (null when dropped). */
async function payWith(hosted: { form: PageForm; url: string }, cardNumber: string): Promise<PageForm | null> {
  const answer = await submit(hosted.form, hosted.url, {
    cardHolderName: "Ayse Kaya",
    cardNumber,
    expireMonth: "12",
    expireYear: "2030",
    cvc: "123",
  });
  return readForm(answer.html);
}

const row = (code: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });

async function returned(p: Payment, back: PageForm, tamper?: (f: [string, string][]) => [string, string][]) {
  expect(back.action).toBe(`${server.baseUrl}/api/returns/card/${p.token}?lang=en`);
  const res = await postReturn(back, tamper);
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe(`${server.baseUrl}/pay/${p.token}?lang=en`);
  return res;
}

async function paid(t: Tenant): Promise<Payment & { id: number }> {
  const p = await providerPayment(t);
  await returned(p, (await payWith(await atTheHostedPage(p), APPROVE))!);
  await receiver.forTrackingCode(p.tracking_code);
  return { ...p, id: (await row(p.tracking_code)).id };
}

describe("iyzico through a production build with the sandbox off", () => {
  it("declined: the payment stays open; another card gets a new iyzico checkout for a new order; one callback, for the success", async () => {
    const t = await iyzicoTenant();
    const p = await providerPayment(t);
    const first = await atTheHostedPage(p);
    await returned(p, (await payWith(first, INSUFFICIENT))!);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(
      await prisma.cardAttempt.findMany({
        where: { transaction: { trackingCode: p.tracking_code } },
        select: { orderId: true, status: true, errorCode: true },
      }),
    ).toEqual([{ orderId: p.order_id, status: "declined", errorCode: "10051" }]);
    // A new token (never the declined one's page again), for the order <order_id>-2.
    const second = await atTheHostedPage(p);
    expect(second.url).not.toBe(first.url);
    await returned(p, (await payWith(second, APPROVE))!);
    const attempts = await prisma.cardAttempt.findMany({
      where: { transaction: { trackingCode: p.tracking_code } },
      orderBy: { number: "asc" },
    });
    expect(attempts.map((a) => [a.orderId, a.status])).toEqual([
      [p.order_id, "declined"],
      [`${p.order_id}-2`, "approved"],
    ]);
    expect((await row(p.tracking_code)).status).toBe("success");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id });
  });

  it("another card leaves the declined token payable (iyzico withdraws none): paid after the second, it is credited once and raised as a second charge of attempt 1", async () => {
    const t = await iyzicoTenant();
    const p = await providerPayment(t);
    const first = await atTheHostedPage(p);
    await returned(p, (await payWith(first, INSUFFICIENT))!);
    const second = await atTheHostedPage(p);
    await returned(p, (await payWith(second, APPROVE))!);
    await receiver.forTrackingCode(p.tracking_code);
    // The customer goes back in the browser to the first page, which iyzico still takes a card on.
    const again = await fetch(first.url);
    expect(again.status).toBe(200);
    await returned(p, (await payWith({ form: readForm(await again.text())!, url: first.url }, APPROVE))!);
    const after = await row(p.tracking_code);
    expect(after.status).toBe("success");
    expect(after.events.filter((e) => e.toStatus === "success" && e.fromStatus === "pending")).toHaveLength(1);
    const [alert, ...more] = await prisma.alert.findMany({ where: { transactionId: after.id } });
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({ kind: "second_card_charge", resolvedAt: null });
    // The charge to refund at iyzico, and which attempt's checkout took it.
    expect(alert!.details).toMatchObject({ amount: "150.00", attempt: { number: 1, orderId: p.order_id } });
    await new Promise((r) => setTimeout(r, 500));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
  });

  it("a return carrying another payment's token (paid, of the same store) changes nothing on either; the genuine one then applies", async () => {
    const t = await iyzicoTenant();
    const other = await paid(t);
    const otherToken = (await row(other.tracking_code)).gatewayReference!;
    const p = await providerPayment(t);
    const back = (await payWith(await atTheHostedPage(p), APPROVE))!;
    const token = (value: string) => (fields: [string, string][]) =>
      fields.map(([n, v]): [string, string] => [n, n === "token" ? value : v]);
    // (Made-up, malformed and missing tokens are the conformance suite's forgeries; this one is iyzico's own: a real token of the store.)
    await returned(p, back, token(otherToken));
    const untouched = await row(p.tracking_code);
    expect(untouched.status).toBe("pending");
    expect(untouched.events).toHaveLength(1);
    expect((await row(other.tracking_code)).events.filter((e) => e.toStatus === "success")).toHaveLength(1);
    await returned(p, back);
    expect((await row(p.tracking_code)).status).toBe("success");
  });

  it("a refund iyzico did not answer stays unknown; retried, it is sent again only when iyzico's report shows it was not made, with the same conversationId: one refund at iyzico", async () => {
    const t = await createTenant({ acquirer: null, callbackUrl: receiver.url });
    // 4 s: long enough for a fresh process's first call through the official client (it loads its modules then).
    await setDealerAcquirer(t.dealer.id, "iyzico", { ...iyzicoConfig(), timeoutMs: 4000 }, { label: "test" });
    const madeRefunds = (p: Payment) =>
      iyzico.state.paymentByConversation(p.order_id)!.refunds.filter((r) => r.refundStatus === 1);
    // Carried out, answered after we gave up: the retry finds it in iyzico's report and sends nothing.
    const slow = await paid(t);
    iyzico.delay(6000, "/v2/payment/refund");
    const unknown = await adminAsync("transaction:refund", slow.tracking_code, "--amount", "40.00");
    iyzico.delay(0);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("The acquirer did not answer the refund of 40.00");
    const [slowRefund] = await prisma.cardRefund.findMany({ where: { transactionId: slow.id } });
    expect(slowRefund).toMatchObject({ status: "unknown" });
    for (const end = Date.now() + 8000; madeRefunds(slow).length === 0 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 50));
    // (The server's housekeeping may settle it first: then the retry says it is no longer unknown.)
    const retried = await adminAsync("transaction:refund-check", slowRefund!.refundId, "--retry");
    if (retried.code === 0) expect(retried.json()).toMatchObject({ result: "made", refunded_total: "40.00" });
    expect(await prisma.cardRefund.findMany({ where: { transactionId: slow.id } })).toEqual([
      expect.objectContaining({ status: "approved", attempts: 1 }),
    ]);
    expect(madeRefunds(slow).map((r) => [r.refundConversationId, r.refundPrice])).toEqual([[slowRefund!.refundId, 40]]);

    // Lost on the way: after the settle time iyzico's report still has none, so it is sent again under the same id.
    const lost = await paid(t);
    iyzico.loseRefunds(true);
    const lostCli = await adminAsync("transaction:refund", lost.tracking_code, "--amount", "25.00");
    iyzico.loseRefunds(false);
    expect(lostCli.code).toBe(2);
    const [lostRefund] = await prisma.cardRefund.findMany({ where: { transactionId: lost.id } });
    const noNew = await adminAsync("transaction:refund", lost.tracking_code, "--amount", "10.00");
    expect(noNew.code).toBe(2);
    expect(noNew.stderr).toContain(
      `A refund of 25.00 (${lostRefund!.refundId}) of this payment got no answer from the acquirer: no new refund until it is settled`,
    );
    const sent = await checkCardRefund(
      lostRefund!.refundId,
      { label: "ops" },
      { retry: true, now: new Date(Date.now() + 6 * 60_000) },
    );
    expect(sent).toMatchObject({ result: "sent", outcome: { refundedTotal: "25.00" } });
    expect(madeRefunds(lost).map((r) => [r.refundConversationId, r.refundPrice])).toEqual([[lostRefund!.refundId, 25]]);
    expect(await prisma.cardRefund.findMany({ where: { transactionId: lost.id } })).toEqual([
      expect.objectContaining({ status: "approved", attempts: 2 }),
    ]);
  }, 120_000);

  it("two tabs and a double click get the same iyzico page: one live token per payment", async () => {
    const t = await iyzicoTenant();
    const initialize = () =>
      iyzico.calls.filter((c) => c === "/payment/iyzipos/checkoutform/initialize/auth/ecom").length;
    const p = await providerPayment(t);
    const before = initialize();
    const first = await pressPayByCard(p.payment_url);
    // A second tab (in Turkish), then a double click in a third.
    const second = await pressPayByCard(p.payment_url, "tr");
    const clicked = await Promise.all([pressPayByCard(p.payment_url), pressPayByCard(p.payment_url)]);
    expect([second, ...clicked]).toEqual([first, first, first]);
    expect(initialize() - before).toBe(1);
    const token = new URL(first).searchParams.get("token")!;
    expect((await row(p.tracking_code)).gatewayReference).toBe(token);

    // A double click as the very first press: both may reach iyzico, one page is shown to both.
    const q = await providerPayment(t);
    const [a, b] = await Promise.all([pressPayByCard(q.payment_url), pressPayByCard(q.payment_url)]);
    expect(a).toBe(b);
    expect((await row(q.tracking_code)).gatewayReference).toBe(new URL(a).searchParams.get("token"));
  });

  it("a second iyzico token paid as well (opened elsewhere for the order): recorded, raised for a refund of that charge, no second callback", async () => {
    const t = await iyzicoTenant();
    const p = await providerPayment(t);
    const hosted = await atTheHostedPage(p);
    expect(hosted.url).toContain("token=");
    // Another payable token for the same order, as every initialize makes one (a page opened before payments
    // kept their live token, or by anyone holding the merchant's keys).
    const other = await iyzicoConnector.startCheckout(iyzicoConfigSchema.parse(iyzicoConfig()), {
      orderId: p.order_id,
      amount: "150.00",
      currency: "TRY",
      description: "",
      returnUrl: `${server.baseUrl}/api/returns/card/${p.token}?lang=en`,
      notifyUrl: `${server.baseUrl}/api/webhooks/acquirer/${p.token}`,
      lang: "en",
      customer: {
        id: customer.user_id,
        name: customer.firstname,
        surname: customer.lastname,
        email: customer.email,
        phone: customer.phone,
        ip: "85.34.78.112",
      },
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
    expect(other.next.kind).toBe("redirect");
    const otherPage = other.next.kind === "redirect" ? other.next.url : "";
    await returned(p, (await payWith(hosted, APPROVE))!);
    await receiver.forTrackingCode(p.tracking_code);
    const charges = [...iyzico.state.payments.values()].filter((x) => x.basketId === p.order_id);
    const firstCharge = charges[0]!.paymentId;
    expect((await row(p.tracking_code)).chargeReference).toBe(firstCharge);

    const secondBack = (await payWith(
      { form: readForm(await (await fetch(otherPage)).text())!, url: otherPage },
      "5890040000000016",
    ))!;
    await returned(p, secondBack);
    const secondCharge = [...iyzico.state.payments.values()].filter(
      (x) => x.basketId === p.order_id && x.paymentId !== firstCharge,
    )[0]!.paymentId;
    const after = await row(p.tracking_code);
    expect(after).toMatchObject({ status: "success", chargeReference: firstCharge });
    expect(after.events.filter((e) => e.toStatus === "success" && e.fromStatus === "pending")).toHaveLength(1);
    const recorded = after.events.filter((e) => e.noteKey === "secondCharge");
    expect(recorded).toHaveLength(1);
    expect(noteText(recorded[0]!)).toContain(`refund charge ${secondCharge}`);
    const alerts = await prisma.alert.findMany({ where: { transactionId: after.id } });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: "second_card_charge",
        resolvedAt: null,
        details: expect.objectContaining({ charge: secondCharge, amount: "150.00", creditedCharge: firstCharge }),
      }),
    ]);
    // The same return again, and the status inquiry's view of it, add nothing.
    await returned(p, secondBack);
    expect(await prisma.alert.count({ where: { transactionId: after.id } })).toBe(1);
    expect((await row(p.tracking_code)).events.filter((e) => e.noteKey === "secondCharge")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(1);
    // Staff see it on the payment's page, in their language (the run's main server: same database).
    const staff = await consoleSession(inject("baseUrl"), "admin");
    const page = pageText((await staff.get(`/console/transactions/${after.id}`)).text);
    expect(page).toContain("Charged twice: refund the second charge");
    expect(page).toContain(`refund charge ${secondCharge} at the acquirer`);
    const turkish = pageText(
      (await staff.get(`/console/transactions/${after.id}`, { cookie: "console_lang=tr" })).text,
    );
    // "Çekim" is a withdrawal in the console: a card charge is a "tahsilat".
    expect(turkish).toContain("Karttan iki kez tahsil edildi: ikinci tahsilatı iade edin");
  });
});
