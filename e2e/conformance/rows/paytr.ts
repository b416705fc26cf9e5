import { expect } from "vitest";
import { startPaytrSimulator } from "../../simulators/paytr/server";
import { notificationSignature, type Merchant } from "../../simulators/paytr/wire";
import { httpRequest } from "../../support/http";
import type { AppOrigin, CardPayment, CardRow, HeldMessage } from "../types";
import { without } from "./config";

const CARDS = { approve: "4355 0843 5508 4358", decline: "4000000000000002" } as const;
const unescape = (s: string) =>
  s.replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n))).replace(/&amp;/g, "&");

type Framed = { frame: string; payment: CardPayment; app: AppOrigin };

/**
 * PayTR's iFrame API against the simulated PayTR: our card-step page frames PayTR's page (its policy lets in
 * PayTR's origin only), the card is typed in the frame, and PayTR's signed notification, sent to the dealer's
 * own address set in the store's panel, decides the payment; the frame then links the customer back to our
 * return URL, which only sends the browser on. The message the journeys hold is that notification.
 */
export const paytrRow: CardRow = {
  simulator: "e2e/simulators/paytr",
  decline: { code: "0", message: "Declined by the card's bank (Kart limiti yetersiz)" },
  refundRefusedCode: "010",
  // PayTR's inquiry answers an order without a payment with an error of undocumented kinds: no verdict is read from it.
  abandonedInquiry: "error",
  refundTimeoutMs: 2000,
  // The notification names no card; the status inquiry's answer does (masked_pan).
  cardShown: { approve: null, lostReturn: { brand: "Visa", last4: CARDS.approve.slice(-4) } },

  async start() {
    const paytr = await startPaytrSimulator({ retryEveryMs: 300 });
    /** Each dealer's store at PayTR, by dealer id: its panel's notification URL is the dealer's own address. */
    const stores = new Map<number, Merchant>();
    const oidOf = (p: CardPayment) => p.order_id.replace(/-/g, "");
    const post = (url: string, fields: Record<string, string>) =>
      httpRequest({
        url,
        body: new URLSearchParams(fields).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        checkResponse: false,
      });

    /** The notification PayTR holds for this payment (it cannot reach us while held), and the frame's way back. */
    function held(opened: Framed, back: string): HeldMessage {
      const n = [...paytr.state.notifications].reverse().find((x) => x.oid === oidOf(opened.payment));
      expect(n, "PayTR has a notification for the payment").toBeDefined();
      const { app, payment: p } = opened;
      const genuine = n!.body;
      const store = [...stores.values()].find((s) => s.merchantId === n!.merchantId)!;
      const stranger = paytr.addMerchant();
      const refused = async (fields: Record<string, string>) => {
        const res = await post(n!.url, fields);
        expect([res.status, res.text]).not.toEqual([200, "OK"]);
      };
      let delivered = false;
      return {
        async deliver() {
          const res = await post(n!.url, genuine);
          expect([res.status, res.text]).toEqual([200, "OK"]);
          if (!delivered) {
            delivered = true;
            expect(back).toBe(`${app.baseUrl}/api/returns/card/${p.token}?lang=en`);
            const browser = await httpRequest({ url: back, method: "GET", checkResponse: false });
            expect([browser.status, browser.headers.location]).toEqual([303, `${app.baseUrl}/pay/${p.token}?lang=en`]);
          }
        },
        forgeries: () =>
          Object.entries({
            "signed with a guessed key": {
              ...genuine,
              hash: notificationSignature(
                { merchantKey: "guessed", merchantSalt: store.merchantSalt },
                genuine.merchant_oid!,
                "success",
                genuine.total_amount!,
              ),
            },
            "another amount, signed with guessed keys": {
              ...genuine,
              total_amount: "1",
              hash: notificationSignature(
                { merchantKey: "guessed", merchantSalt: "guessed" },
                genuine.merchant_oid!,
                "success",
                "1",
              ),
            },
            "the store's keys, another amount": {
              ...genuine,
              total_amount: "99",
              hash: notificationSignature(store, genuine.merchant_oid!, "success", "99"),
            },
            "another store's keys": {
              ...genuine,
              hash: notificationSignature(stranger, genuine.merchant_oid!, "success", genuine.total_amount!),
            },
            "no hash": { ...genuine, hash: "" },
          }).map(([name, fields]) => ({ name, deliver: () => refused(fields) })),
        async release() {
          paytr.holdNotifications(false);
          await paytr.settled();
        },
      };
    }

    return {
      stop: () => paytr.stop(),
      reset() {
        paytr.holdNotifications(false);
        paytr.refuseRefunds(false);
        paytr.delay(0);
        paytr.delayRefunds(0);
        paytr.loseRefunds(false);
        paytr.failReports(null);
      },
      async configFor(dealerId, app, options = {}) {
        const store = paytr.addMerchant();
        paytr.setNotificationUrl(store.merchantId, `${app.baseUrl}/api/webhooks/acquirer/dealers/${dealerId}`);
        stores.set(dealerId, store);
        return { ...store, baseUrl: paytr.url, timeoutMs: options.timeoutMs ?? 5000 };
      },
      wrongConfig: (good) => ({ config: without(good, "merchantSalt"), names: ["merchantSalt"] }),
      // PayTR's transaction report lists sales and refunds (no chargebacks), each by its merchant_oid.
      recon: {
        panelRefund: (p, amount) => paytr.panelRefund(oidOf(p), amount),
        approveLate: (p) => paytr.approveLate(oidOf(p)),
        alterAmount: (p, amount) => paytr.alterAmount(oidOf(p), amount),
        unknownSale: (dealerId, amount) => void paytr.unknownSale(stores.get(dealerId)!.merchantId, amount),
        failReports: (mode) => paytr.failReports(mode),
      },

      async open(step, payment, app): Promise<Framed> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
        const res = await fetch(step);
        expect(res.status).toBe(200);
        const csp = res.headers.get("content-security-policy") ?? "";
        expect(/frame-src ([^;]+)/.exec(csp)?.[1]).toBe(paytr.url);
        expect(/form-action ([^;]+)/.exec(csp)?.[1]).toBe(paytr.url);
        const src = /<iframe[^>]*src="([^"]+)"/.exec(await res.text())?.[1];
        expect(src).toMatch(new RegExp(`^${paytr.url}/odeme/guvenli/`));
        return { frame: unescape(src!), payment, app };
      },
      async pay(page, card) {
        const opened = page as Framed;
        paytr.holdNotifications(true);
        expect((await fetch(opened.frame)).status).toBe(200);
        const body = new URLSearchParams({
          cc_owner: "AYSE KAYA",
          card_number: CARDS[card],
          expiry: "12/30",
          cvv: "000",
          action: "pay",
        });
        const end = await fetch(opened.frame, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body,
        });
        const back = /<a id="next" href="([^"]+)"/.exec(await end.text())?.[1];
        return held(opened, unescape(back ?? ""));
      },

      refundsMade: (p) =>
        [...paytr.state.payments.values()]
          .filter((x) => x.oid === oidOf(p))
          .flatMap((x) => x.refunds.map((r) => BigInt(r.amount))),
      refuseRefunds: (on) => paytr.refuseRefunds(on),
      slowRefunds: (ms) => paytr.delayRefunds(ms),
      loseRefunds: (on) => paytr.loseRefunds(on),

      async payInBrowser(page) {
        await page.waitForURL(/\/card-step\?lang=en$/);
        const frame = page.frameLocator(`iframe[src^="${paytr.url}/odeme/guvenli/"]`);
        await frame.getByLabel("Name on card").fill("AYSE KAYA");
        await frame.getByLabel("Card number").fill(CARDS.approve);
        await frame.getByLabel("Expiry (MM/YY)").fill("12/30");
        await frame.getByLabel("CVV").fill("000");
        await frame.getByRole("button", { name: "Pay" }).click();
      },
    };
  },
};
