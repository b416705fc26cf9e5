import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { setDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { readForm, type PageForm } from "../simulators/est-v3/browser";
import { CARDS, DEFAULT_TERMINAL, startGarantiSimulator, type GarantiSimulator } from "../simulators/garanti/server";
import { adminAsync } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { postReturn, pressPayByCard, readCardStep, startProductionServer, submit } from "../support/card-journey";
import { createTenant } from "../support/fixtures";
import { signedRequest } from "../support/signed-request";
import type { AppServer } from "../support/test-stack";

/**
 * Garanti BBVA's common payment page (3D_OOS_PAY) through the app: a production build with the sandbox off
 * (APP_ENV=production), a dealer whose acquirer is garanti pointing at the simulated GVP, and the customer's
 * browser played over real HTTP: our payment page, our form_post step, GVP's 3-D engine and card form, the
 * signed return to our return URL. Refunds through the CLI go to GVP's XML API with the refund user.
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
const T = DEFAULT_TERMINAL;
let server: AppServer;
let bank: GarantiSimulator;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  bank = await startGarantiSimulator();
  receiver = await startCallbackReceiver();
  server = await startProductionServer(stackEnv);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await bank?.stop();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type Payment = { tracking_code: string; order_id: string; payment_url: string; token: string };

const garantiConfig = (extra: Record<string, unknown> = {}) => ({
  merchantId: T.merchantId,
  terminalId: T.terminalId,
  userId: "PROVOOS",
  password: T.users.PROVOOS,
  storeKey: T.storeKey,
  refundPassword: T.users.PROVRFN,
  gatewayUrl: bank.gatewayUrl,
  apiUrl: bank.apiUrl,
  timeoutMs: 5000,
  ...extra,
});

/** A dealer taking cards through the simulated GVP (the sandbox connector is no acquirer on this server). */
async function garantiTenant(extra: Record<string, unknown> = {}): Promise<Tenant> {
  const t = await createTenant({ callbackUrl: receiver.url, dealerCallbackUrl: receiver.url });
  await setDealerAcquirer(t.dealer.id, "garanti", garantiConfig(extra), { label: "test" });
  return t;
}

async function providerPayment(t: Tenant, amount = 150): Promise<Payment> {
  const res = await signedRequest(server.baseUrl, "/api/provider/credit-card/payment", t.creds, {
    body: { credential_key: t.site.credential_key, ...customer, amount },
  });
  expect(res.status).toBe(200);
  const data = res.json.data as Omit<Payment, "token">;
  return { ...data, token: data.payment_url.split("/pay/")[1]! };
}

/** "Pay by card" -> our form_post step -> GVP's 3-D engine: its card form. */
async function atThePaymentPage(p: Payment): Promise<PageForm> {
  const step = await pressPayByCard(p.payment_url);
  expect(step).toBe(`${server.baseUrl}/api/pay/${p.token}/card-step?lang=en`);
  const form = await readCardStep(step);
  expect(form.action).toBe(bank.gatewayUrl);
  expect(form.formAction).toBe(bank.url);
  expect(form.fields.map(([n]) => n)).toEqual(
    expect.arrayContaining(["secure3dsecuritylevel", "secure3dhash", "txnamount", "orderid"]),
  );
  const engine = await submit(form, step);
  const cardForm = readForm(engine.html);
  expect(
    cardForm?.fields.map(([n]) => n),
    engine.html,
  ).toContain("pan");
  return cardForm!;
}

/** The card entered on GVP's page: the page carrying the bank's outcome back (null when the tab "closed"). */
async function payWith(cardForm: PageForm, pan: string): Promise<PageForm | null> {
  const answer = await submit(cardForm, bank.gatewayUrl, { pan, holder: "AYSE KAYA", expiry: "12/30", cv2: "000" });
  return readForm(answer.html);
}

/** The XML API calls GVP received about one order, by type, in order. */
/** The id GVP is sent for an order id of ours: letters and digits only. */
const gvp = (orderId: string) => orderId.replace(/[^A-Za-z0-9]/g, "");
const bankCallsFor = (orderId: string) =>
  bank
    .apiCalls()
    .filter((c) => c.orderId === gvp(orderId))
    .map((c) => c.type);

const row = (code: string) =>
  prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code }, include: { events: true } });

async function returned(p: Payment, back: PageForm) {
  expect(back.action).toBe(`${server.baseUrl}/api/returns/card/${p.token}?lang=en`);
  const res = await postReturn(back);
  expect(res.status).toBe(303);
  expect(res.headers.location).toBe(`${server.baseUrl}/pay/${p.token}?lang=en`);
  return res;
}

async function paid(t: Tenant): Promise<Payment & { id: number }> {
  const p = await providerPayment(t);
  await returned(p, (await payWith(await atThePaymentPage(p), CARDS.approve))!);
  await receiver.forTrackingCode(p.tracking_code);
  return { ...p, id: (await row(p.tracking_code)).id };
}

describe("garanti through a production build with the sandbox off", () => {
  it("declined at the bank: the payment stays open; another card is a new order at GVP (<order_id>-2); one callback, for the success", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    await returned(p, (await payWith(await atThePaymentPage(p), CARDS.insufficientFunds))!);
    expect((await row(p.tracking_code)).status).toBe("pending");
    expect(
      await prisma.cardAttempt.findMany({
        where: { transaction: { trackingCode: p.tracking_code } },
        select: { orderId: true, status: true, errorCode: true },
      }),
    ).toEqual([{ orderId: p.order_id, status: "declined", errorCode: "51" }]);
    // GVP refuses an order id twice: the second card goes to the bank as a new order.
    const step = await pressPayByCard(p.payment_url);
    const form = await readCardStep(step);
    expect(form.fields).toEqual(expect.arrayContaining([["orderid", gvp(`${p.order_id}-2`)]]));
    const engine = await submit(form, step);
    const back = (await payWith(readForm(engine.html)!, CARDS.approve))!;
    await returned(p, back);
    expect((await row(p.tracking_code)).status).toBe("success");
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "success", order_id: p.order_id });
  });

  it("half 3-D Secure: failed HALF_3D for a dealer that does not accept it, paid for one that does", async () => {
    const strict = await garantiTenant();
    const p = await providerPayment(strict);
    await returned(p, (await payWith(await atThePaymentPage(p), CARDS.mdStatus(2)))!);
    expect(await row(p.tracking_code)).toMatchObject({ status: "failed", errorCode: "HALF_3D" });
    const lenient = await garantiTenant({ acceptHalf3D: true });
    const q = await providerPayment(lenient);
    await returned(q, (await payWith(await atThePaymentPage(q), CARDS.mdStatus(3)))!);
    expect((await row(q.tracking_code)).status).toBe("success");
  });

  it("a half 3-D charge whose signed return is withheld: returns naming only the order fail it 3D_UNVERIFIED, never a success; they ask the bank once a minute at most; one instruction to refund the charge", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const withheld = (await payWith(await atThePaymentPage(p), CARDS.mdStatus(2)))!;
    const onlyTheOrder = () => [["oid", gvp(p.order_id)]] as [string, string][];
    for (let i = 0; i < 3; i++) expect((await postReturn(withheld, onlyTheOrder)).status).toBe(303);
    const failed = await row(p.tracking_code);
    expect(failed).toMatchObject({ status: "failed", errorCode: "3D_UNVERIFIED" });
    expect(failed.events.filter((e) => e.toStatus === "success")).toHaveLength(0);
    // Three unsigned returns within a minute: the bank was asked once.
    expect(bankCallsFor(p.order_id)).toEqual(["orderhistoryinq"]);
    // The honest signed return after them: half 3-D, the same charge; still one instruction to give it back.
    await returned(p, withheld);
    expect((await row(p.tracking_code)).status).toBe("failed");
    expect(
      (await prisma.alert.findMany({ where: { transaction: { trackingCode: p.tracking_code } } })).map((a) => a.kind),
    ).toEqual(["charge_not_accepted"]);
    const [callback] = await receiver.forTrackingCode(p.tracking_code);
    expect(callback!.body).toMatchObject({ status: "failed", error_code: "3D_UNVERIFIED" });
  });

  it("a 3-D error (mdStatus 7) comes back unsigned: nothing is recorded from it, the payment stays open", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atThePaymentPage(p), CARDS.mdStatus(7)))!;
    expect(back.fields.some(([n]) => n === "hash")).toBe(false);
    await returned(p, back);
    const after = await row(p.tracking_code);
    expect(after.status).toBe("pending");
    expect(after.events).toHaveLength(1);
  });

  it("a tampered return is refused and changes nothing; a forged unsigned approval gets the bank's own verdict; the genuine one then repeats it", async () => {
    const t = await garantiTenant();
    const p = await providerPayment(t);
    const back = (await payWith(await atThePaymentPage(p), CARDS.insufficientFunds))!;
    const set = (name: string, value: string) => (fields: [string, string][]) =>
      fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);
    for (const tamper of [
      set("procreturncode", "00"),
      set("response", "Approved"),
      set("txnamount", "100"),
      set("hash", "A".repeat(128)),
      set("hashparams", "clientid:oid:"),
    ]) {
      const res = await postReturn(back, tamper);
      expect(res.status).toBe(303);
    }
    const untouched = await row(p.tracking_code);
    expect(untouched.status).toBe("pending");
    expect(untouched.events).toHaveLength(1);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
    // Without any hash nothing in the return is believed: the bank is asked, and its record (declined 51) is what applies.
    const unsigned = await postReturn(back, (fields) =>
      fields
        .filter(([n]) => n !== "hash" && n !== "hashparams")
        .map(([n, v]): [string, string] => [n, n === "procreturncode" ? "00" : n === "response" ? "Approved" : v]),
    );
    expect(unsigned.status).toBe(303);
    // The bank's own verdict (declined 51) applies: the attempt is declined, the payment stays open for another card.
    const declined = await row(p.tracking_code);
    expect(declined.status).toBe("pending");
    expect((await prisma.cardAttempt.findFirstOrThrow({ where: { orderId: p.order_id } })).errorCode).toBe("51");
    expect(bankCallsFor(p.order_id)).toEqual(["orderhistoryinq"]);
    await returned(p, back);
    const after = await row(p.tracking_code);
    expect(after.events).toHaveLength(declined.events.length);
    expect(await prisma.callbackDelivery.count({ where: { trackingCode: p.tracking_code } })).toBe(0);
  });

  it("refunds through the CLI: a whole refund on the day is a void; after the end of day part then the rest are refunds; the refund user signs refunds", async () => {
    const t = await garantiTenant();
    const sameDay = await paid(t);
    const voided = await adminAsync(
      "transaction:refund",
      sameDay.tracking_code,
      "--reason",
      "customer changed their mind",
    );
    expect(voided.code, voided.stderr).toBe(0);
    expect(voided.json()).toEqual({
      tracking_code: sameDay.tracking_code,
      status: "refunded",
      refunded: "150.00",
      refunded_total: "150.00",
    });
    expect(bankCallsFor(sameDay.order_id)).toEqual(["orderhistoryinq", "void"]);
    expect(bank.leftOf(T.terminalId, gvp(sameDay.order_id))).toBe(0n);

    const settled = await paid(t);
    bank.settle();
    // The bank refusing a refund is said as the bank's refusal, not as a misuse of the command (no usage text).
    bank.refuseRefunds(true);
    const refused = await adminAsync("transaction:refund", settled.tracking_code, "--amount", "10.00");
    bank.refuseRefunds(false);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("0999");
    expect(refused.stderr).not.toContain("Usage:");
    const misused = await adminAsync("transaction:refund", settled.tracking_code, "--amount", "ten");
    expect(misused.code).toBe(2);
    expect(misused.stderr).toContain("Usage: transaction:refund");
    const part = await adminAsync(
      "transaction:refund",
      settled.tracking_code,
      "--amount",
      "40.00",
      "--reason",
      "one item back",
    );
    expect(part.json()).toMatchObject({ status: "success", refunded: "40.00", refunded_total: "40.00" });
    const rest = await adminAsync("transaction:refund", settled.tracking_code);
    expect(rest.json()).toEqual({
      tracking_code: settled.tracking_code,
      status: "refunded",
      refunded: "110.00",
      refunded_total: "150.00",
    });
    expect(
      bank
        .apiCalls()
        .filter((c) => c.orderId === gvp(settled.order_id) && c.type !== "orderhistoryinq")
        .map((c) => `${c.type}/${c.user}`),
      // The refused one, then the part and the rest.
    ).toEqual(["refund/PROVRFN", "refund/PROVRFN", "refund/PROVRFN"]);
    expect(bank.leftOf(T.terminalId, gvp(settled.order_id))).toBe(0n);
  }, 120_000);
});
