import { spawn } from "node:child_process";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startIyzicoSimulator, type IyzicoSimulator } from "@/e2e/simulators/iyzico/server";
import {
  PartnerCallError,
  type CardOrder,
  type IncomingMessage,
  type OrderLookup,
} from "@/lib/integrations/connectors/ports";
import { iyzicoConfigSchema, type IyzicoConfig } from "@/lib/integrations/connectors/iyzico/config";
import { iyzicoConnector as iyzico } from "@/lib/integrations/connectors/iyzico";

/** The connector against the simulated iyzico over real HTTP, through the official client. */

let sim: IyzicoSimulator;
let config: IyzicoConfig;
let seq = 0;
const orders = new Map<
  string,
  { orderId: string; amount: string; currency: string; partnerReference: string | null }
>();
const lookup: OrderLookup = async (orderId) => orders.get(orderId) ?? null;

beforeAll(async () => {
  sim = await startIyzicoSimulator();
  config = iyzicoConfigSchema.parse({
    apiKey: sim.apiKey,
    secretKey: sim.secretKey,
    baseUrl: sim.url,
    timeoutMs: 2000,
  });
  // The client loads its ~60 resource modules on first use: do that before any call is timed.
  await iyzico.testConnection(config);
});
afterAll(() => sim.stop());
afterEach(() => {
  sim.dropCallback(false);
  sim.refuseRefunds(false);
  sim.loseRefunds(false);
  sim.delay(0);
  sim.failNext(200, 0);
});

function newOrder(amount = "1250.70", lang: "tr" | "en" = "tr", currency = "TRY"): CardOrder {
  const orderId = `ORD-${Date.now()}-${++seq}`;
  orders.set(orderId, { orderId, amount, currency, partnerReference: null });
  return {
    orderId,
    amount,
    currency,
    description: `Deposit ${orderId}`,
    returnUrl: `https://pay.example/card/return/${orderId}`,
    notifyUrl: "https://pay.example/card/notify",
    lang,
    customer: {
      id: "C-1",
      name: "Ayşe",
      surname: "Yılmaz",
      email: "ayse@example.com",
      phone: "+905350000000",
      ip: "85.34.78.112",
    },
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  };
}

async function checkout(order: CardOrder) {
  const result = await iyzico.startCheckout(config, order);
  const stored = orders.get(order.orderId);
  if (stored) stored.partnerReference = result.partnerReference;
  if (result.next.kind !== "redirect") throw new Error("expected a redirect");
  return { url: result.next.url, token: result.partnerReference ?? "" };
}

/** The customer on the hosted page: opens it, pays with the card, and gets the page that returns to us. */
async function pay(
  pageUrl: string,
  cardNumber: string,
): Promise<{ html: string; callback: { action: string; token: string } | null }> {
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const form = await page.text();
  const token = /name="token" value="([^"]+)"/.exec(form)?.[1] ?? "";
  const lang = /name="lang" value="([^"]+)"/.exec(form)?.[1] ?? "tr";
  const body = new URLSearchParams({
    token,
    lang,
    cardHolderName: "Ayse Yilmaz",
    cardNumber,
    expireMonth: "12",
    expireYear: "2030",
    cvc: "123",
  });
  const result = await fetch(new URL("/checkoutform/pay", pageUrl), {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const html = await result.text();
  const action = /<form id="back" method="post" action="([^"]+)"/.exec(html)?.[1];
  const back = /name="token" value="([^"]+)"/.exec(html)?.[1];
  return { html, callback: action && back ? { action, token: back } : null };
}

const tokenPost = (token: string): IncomingMessage => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  rawBody: `token=${encodeURIComponent(token)}`,
  form: { token },
  query: {},
});

describe("iyzico connector against the simulator", () => {
  it("approves a paid checkout: redirect to the page, token POSTed back, retrieve verified", async () => {
    const order = newOrder("1250.70", "en");
    const { url, token } = await checkout(order);
    expect(url.startsWith(sim.url)).toBe(true);
    const page = await (await fetch(url)).text();
    expect(page).toContain('name="viewport" content="width=device-width');
    expect(page).toContain("Secure payment");
    expect(page).toContain("1,250.70 TL");
    const { callback } = await pay(url, "5528790000000008");
    expect(callback).toEqual({ action: order.returnUrl, token });
    const verified = await iyzico.verifyReturn(config, tokenPost(token), lookup);
    expect(verified).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", amount: "1250.70", partnerReference: token },
    });
    expect(
      await iyzico.inquire(config, {
        orderId: order.orderId,
        amount: "1250.70",
        currency: "TRY",
        partnerReference: token,
      }),
    ).toMatchObject({ status: "approved", amount: "1250.70" });
  });

  it("shows the page in Turkish with Turkish money", async () => {
    const { url } = await checkout(newOrder("1250.70", "tr"));
    const page = await (await fetch(url)).text();
    expect(page).toContain("Güvenli ödeme");
    expect(page).toContain("1.250,70 TL");
  });

  it("declines with iyzico's code in plain English (4111111111111129: not sufficient funds)", async () => {
    const order = newOrder("50.00");
    const { url, token } = await checkout(order);
    await pay(url, "4111111111111129");
    const verified = await iyzico.verifyReturn(config, tokenPost(token), lookup);
    expect(verified).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "declined", error: { code: "10051", message: "Insufficient funds" } },
    });
  });

  it("an abandoned checkout is not found at iyzico, and its token brings nothing back", async () => {
    const order = newOrder("75.00");
    const { token } = await checkout(order);
    expect(
      await iyzico.inquire(config, {
        orderId: order.orderId,
        amount: "75.00",
        currency: "TRY",
        partnerReference: token,
      }),
    ).toEqual({ status: "not_found" });
    expect(await iyzico.verifyReturn(config, tokenPost(token), lookup)).toMatchObject({ ok: false });
  });

  it("a slow or failing iyzico is 'retry', never a refusal", async () => {
    sim.delay(2500);
    await expect(iyzico.startCheckout(config, newOrder())).rejects.toMatchObject({ failure: { kind: "retry" } });
    sim.delay(0);
    for (const status of [502, 429, 504]) {
      sim.failNext(status);
      const error = await iyzico.startCheckout(config, newOrder()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PartnerCallError);
      expect((error as PartnerCallError).failure.kind).toBe("retry");
    }
    const closed = iyzicoConfigSchema.parse({ ...config, baseUrl: "http://127.0.0.1:9" });
    await expect(
      iyzico.inquire(closed, { orderId: "X", amount: "1.00", currency: "TRY", partnerReference: "t" }),
    ).rejects.toMatchObject({ failure: { kind: "retry" } });
  });

  it("refuses a return whose retrieve answer was tampered with, names another amount, or carries an unknown token", async () => {
    const order = newOrder("300.00");
    const { url, token } = await checkout(order);
    await pay(url, "5528790000000008");
    // A man in the middle raising paidPrice: the signature no longer verifies.
    const proxy = await tamperingProxy(sim.url, (json) => ({ ...json, paidPrice: 3000 }));
    const viaProxy = iyzicoConfigSchema.parse({ ...config, baseUrl: proxy.url });
    expect(await iyzico.verifyReturn(viaProxy, tokenPost(token), lookup)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/signature/),
    });
    await proxy.close();
    // Our order says another amount than iyzico's signed answer.
    const other = async (id: string) =>
      id === order.orderId ? { orderId: id, amount: "30.00", currency: "TRY", partnerReference: token } : null;
    expect(await iyzico.verifyReturn(config, tokenPost(token), other)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/amount/),
    });
    // Another merchant's secret: the same answer does not verify.
    const wrongSecret = iyzicoConfigSchema.parse({ ...config, secretKey: "another-secret" });
    expect((await iyzico.verifyReturn(wrongSecret, tokenPost(token), lookup)).ok).toBe(false);
    expect(await iyzico.verifyReturn(config, tokenPost("00000000-0000-0000-0000-000000000000"), lookup)).toMatchObject({
      ok: false,
    });
    expect(await iyzico.verifyReturn(config, { ...tokenPost(""), form: {}, rawBody: "" }, lookup)).toMatchObject({
      ok: false,
    });
  });

  it("a duplicate return gives the same outcome, and a paid order gets no second checkout", async () => {
    const order = newOrder("20.00");
    const { url, token } = await checkout(order);
    await pay(url, "5890040000000016");
    const first = await iyzico.verifyReturn(config, tokenPost(token), lookup);
    const second = await iyzico.verifyReturn(config, tokenPost(token), lookup);
    expect(first).toEqual(second);
    expect(first).toMatchObject({ ok: true, outcome: { status: "approved" } });
    await expect(iyzico.startCheckout(config, order)).rejects.toMatchObject({ failure: { kind: "duplicate" } });
    // The paid page cannot be paid again either.
    expect((await fetch(url)).status).toBe(409);
  });

  it("every initialize is another payable token: the checkout says how long to re-use it, and each approval names its own charge", async () => {
    const order = newOrder("70.00");
    const opened = Date.now();
    const first = await iyzico.startCheckout(config, order);
    // The simulator's tokens live iyzico's 30 minutes (tokenExpireTime 1800).
    expect(Date.parse(first.reuseUntil!) - opened).toBeGreaterThanOrEqual(30 * 60_000 - 2000);
    expect(Date.parse(first.reuseUntil!) - opened).toBeLessThanOrEqual(30 * 60_000 + 2000);
    const second = await checkout(order);
    expect(second.token).not.toBe(first.partnerReference);
    await pay(first.next.kind === "redirect" ? first.next.url : "", "5528790000000008");
    await pay(second.url, "5528790000000008");
    const one = await iyzico.verifyReturn(config, tokenPost(first.partnerReference!), lookup);
    const two = await iyzico.verifyReturn(config, tokenPost(second.token), lookup);
    const charges = [...sim.state.payments.values()]
      .filter((p) => p.basketId === order.orderId)
      .map((p) => p.paymentId);
    expect(charges).toHaveLength(2);
    expect(one).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", chargeReference: charges[0] },
    });
    expect(two).toMatchObject({
      ok: true,
      orderId: order.orderId,
      outcome: { status: "approved", chargeReference: charges[1] },
    });
  });

  it("the status inquiry recovers a dropped return, by token or by our order id alone", async () => {
    sim.dropCallback(true);
    const order = newOrder("99.90");
    const { url, token } = await checkout(order);
    const { callback } = await pay(url, "5528790000000008");
    expect(callback).toBeNull();
    expect(
      await iyzico.inquire(config, {
        orderId: order.orderId,
        amount: "99.90",
        currency: "TRY",
        partnerReference: token,
      }),
    ).toMatchObject({ status: "approved", amount: "99.90" });
    expect(
      await iyzico.inquire(config, {
        orderId: order.orderId,
        amount: "99.90",
        currency: "TRY",
        partnerReference: null,
      }),
    ).toMatchObject({ status: "approved", amount: "99.90" });
  });

  it("refunds an approved payment, and reports iyzico's refusals", async () => {
    const order = newOrder("40.00");
    const { url, token } = await checkout(order);
    await pay(url, "5528790000000008");
    const ref = { orderId: order.orderId, amount: "40.00", currency: "TRY", partnerReference: token };
    const partial = await iyzico.refund(config, { ...ref, refundId: `${order.orderId}-R1` }, "15.00");
    expect(partial).toMatchObject({ ok: true });
    expect(await iyzico.refund(config, { ...ref, refundId: `${order.orderId}-R2` }, "30.00")).toMatchObject({
      ok: false,
    });
    sim.refuseRefunds(true);
    expect(await iyzico.refund(config, { ...ref, refundId: `${order.orderId}-R3` }, "5.00")).toMatchObject({
      ok: false,
      error: { code: "5093" },
    });
    sim.refuseRefunds(false);
    expect(await iyzico.refund(config, { ...ref, refundId: `${order.orderId}-R4` }, "25.00")).toMatchObject({
      ok: true,
    });
    // A card iyzico approves but will not refund (4131111111111117).
    const unrefundable = newOrder("10.00");
    const second = await checkout(unrefundable);
    await pay(second.url, "4131111111111117");
    expect(
      await iyzico.refund(
        config,
        {
          orderId: unrefundable.orderId,
          amount: "10.00",
          currency: "TRY",
          partnerReference: second.token,
          refundId: "R",
        },
        "10.00",
      ),
    ).toMatchObject({ ok: false });
  });

  it("asks for the status and the refund in the order's currency, not always TRY", async () => {
    const order = newOrder("80.00", "en", "EUR");
    const { url, token } = await checkout(order);
    await pay(url, "5528790000000008");
    const ref = { orderId: order.orderId, amount: "80.00", currency: "EUR", partnerReference: token };
    expect(await iyzico.inquire(config, ref)).toMatchObject({ status: "approved", amount: "80.00" });
    expect(await iyzico.inquire(config, { ...ref, partnerReference: null })).toMatchObject({
      status: "approved",
      amount: "80.00",
    });
    expect(await iyzico.refund(config, { ...ref, refundId: `${order.orderId}-R1` }, "30.00")).toMatchObject({
      ok: true,
    });
    expect(sim.state.paymentByConversation(order.orderId)!.refunds).toEqual([
      expect.objectContaining({ refundConversationId: `${order.orderId}-R1`, currencyCode: "EUR", refundStatus: 1 }),
    ]);
    // A payment in EUR is not the order of the same id in TRY.
    expect(await iyzico.inquire(config, { ...ref, currency: "TRY" })).toEqual({ status: "not_found" });
  });

  it("settles a refund that got no answer from iyzico's report, by our refund id: made, or not made", async () => {
    const order = newOrder("60.00");
    const { url, token } = await checkout(order);
    await pay(url, "5528790000000008");
    const ref = { orderId: order.orderId, amount: "60.00", currency: "TRY", partnerReference: token };
    const refunds = () => sim.state.paymentByConversation(order.orderId)!.refunds.filter((r) => r.refundStatus === 1);
    // Carried out, answered too late.
    sim.delay(2500, "/v2/payment/refund");
    await expect(iyzico.refund(config, { ...ref, refundId: "RF-SLOW" }, "20.00")).rejects.toMatchObject({
      failure: { kind: "retry" },
    });
    sim.delay(0);
    await new Promise((r) => setTimeout(r, 800));
    expect(refunds()).toHaveLength(1);
    expect(await iyzico.inquireRefund(config, ref, { refundId: "RF-SLOW", amount: "20.00", recorded: [] })).toEqual({
      status: "made",
      partnerReference: sim.state.paymentByConversation(order.orderId)!.paymentId,
    });
    // Lost on the way: never carried out; iyzico's report has no refund under that id, and sending it again (same id) pays once.
    sim.loseRefunds(true);
    await expect(iyzico.refund(config, { ...ref, refundId: "RF-LOST" }, "15.00")).rejects.toMatchObject({
      failure: { kind: "retry" },
    });
    sim.loseRefunds(false);
    expect(await iyzico.inquireRefund(config, ref, { refundId: "RF-LOST", amount: "15.00", recorded: [] })).toEqual({
      status: "not_made",
    });
    expect(await iyzico.refund(config, { ...ref, refundId: "RF-LOST" }, "15.00")).toMatchObject({ ok: true });
    expect(
      await iyzico.inquireRefund(config, ref, { refundId: "RF-LOST", amount: "15.00", recorded: [] }),
    ).toMatchObject({ status: "made" });
    expect(refunds().map((r) => [r.refundConversationId, r.refundPrice])).toEqual([
      ["RF-SLOW", 20],
      ["RF-LOST", 15],
    ]);
    // A refused refund under that id was not made; a report naming another amount under our id leaves it unknown.
    sim.refuseRefunds(true);
    expect(await iyzico.refund(config, { ...ref, refundId: "RF-NO" }, "5.00")).toMatchObject({ ok: false });
    sim.refuseRefunds(false);
    expect(await iyzico.inquireRefund(config, ref, { refundId: "RF-NO", amount: "5.00", recorded: [] })).toEqual({
      status: "not_made",
    });
    await expect(
      iyzico.inquireRefund(config, ref, { refundId: "RF-SLOW", amount: "25.00", recorded: [] }),
    ).rejects.toMatchObject({ failure: { kind: "retry" } });
    await expect(
      iyzico.inquireRefund({ ...config, baseUrl: "http://127.0.0.1:9" }, ref, {
        refundId: "RF-SLOW",
        amount: "20.00",
        recorded: [],
      }),
    ).rejects.toMatchObject({ failure: { kind: "retry" } });
  }, 30_000); // two calls wait out the client's 2 s timeout

  it("tests the connection with an authenticated call, and says when the keys are wrong", async () => {
    expect(await iyzico.testConnection(config)).toMatchObject({ ok: true });
    expect(sim.calls.at(-1)).toBe("/payment/bin/check");
    expect(await iyzico.testConnection({ ...config, apiKey: "wrong" })).toEqual({
      ok: false,
      message: "iyzico refused the call: API credentials not found (1001)",
    });
    expect(await iyzico.testConnection({ ...config, secretKey: "wrong" })).toEqual({
      ok: false,
      message: "iyzico refused the call: Invalid request signature (1000)",
    });
    expect(await iyzico.testConnection({ ...config, baseUrl: "http://127.0.0.1:9" })).toEqual({
      ok: false,
      message: "iyzico could not be reached (ECONNREFUSED)",
    });
  });
});

/** An HTTP proxy in front of the simulator that rewrites the checkout form retrieve's JSON answer. */
async function tamperingProxy(
  target: string,
  rewrite: (json: Record<string, unknown>) => Record<string, unknown>,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const upstream = httpRequest(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => {
          let body = Buffer.concat(chunks).toString("utf8");
          if (req.url === "/payment/iyzipos/checkoutform/auth/ecom/detail")
            body = JSON.stringify(rewrite(JSON.parse(body) as Record<string, unknown>));
          res.writeHead(answer.statusCode ?? 502, { "content-type": "application/json" });
          res.end(body);
        });
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("the iyzico simulator as a script", () => {
  it("serves on the port it prints and stops by itself when its parent process dies", async () => {
    // A parent that starts the simulator and passes its output on; killed outright, it cannot clean up.
    const script = `const c=require("node:child_process").spawn(process.execPath,["--import","tsx","e2e/simulators/iyzico/main.ts","--port","0"],{stdio:["ignore","pipe","inherit"]});c.stdout.pipe(process.stdout);setInterval(()=>{},1000);`;
    const parent = spawn(process.execPath, ["-e", script], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = "";
        parent.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString("utf8");
          if (out.includes("\n")) resolve(out.split("\n")[0] ?? "");
        });
        parent.on("exit", () => reject(new Error("the parent exited before the simulator started")));
      });
      const { url } = JSON.parse(line) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${url}/payment/test`)).json()).toMatchObject({ status: "success" });
      parent.kill("SIGKILL");
      const deadline = Date.now() + 8000;
      let stopped = false;
      while (!stopped && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        stopped = await fetch(`${url}/payment/test`).then(
          () => false,
          () => true,
        );
      }
      expect(stopped).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  }, 30_000);
});
