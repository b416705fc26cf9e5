import { expect } from "vitest";
import { SANDBOX_CARDS, startSandboxCardSimulator } from "../../simulators/sandbox-card/server";
import { httpRequest } from "../../support/http";
import type { AppOrigin, CardPayment, CardRow } from "../types";
import { without } from "./config";

type Opened = { url: string; payment: CardPayment; app: AppOrigin };

/**
 * The sandbox acquirer's protocol against a simulator of it: "Pay by card" redirects to its card page, the
 * card is typed there, and the acquirer notifies our notify URL (signed body) and sends the browser back to our
 * return URL with the verdict in signed query fields. The journeys hold both (the simulator "closes the tab")
 * and deliver the browser's return; the notification is what the acquirer still sends on its own.
 */
export const sandboxCardRow: CardRow = {
  simulator: "e2e/simulators/sandbox-card",
  decline: { code: "CARD_DECLINED", message: "The card was declined" },
  refundRefusedCode: "REFUND_REFUSED",
  abandonedInquiry: "no-verdict",
  refundTimeoutMs: 2000,
  // The sandbox signs the card in its return, not in its notification or its status answer.
  cardShown: { approve: { brand: "VISA", last4: SANDBOX_CARDS.approve.slice(-4) }, lostReturn: null },

  async start() {
    const sim = await startSandboxCardSimulator();
    return {
      stop: () => sim.stop(),
      reset() {
        sim.holdVerdicts(false);
        sim.refuseRefunds(false);
        sim.delayApi(0);
        sim.loseRefunds(false);
        sim.failReports(null);
      },
      configFor: async (dealerId, _app, options = {}) => ({
        merchantId: `Dealer ${dealerId}`,
        storeKey: sim.storeKey,
        endpoint: sim.url,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
      // The sandbox acquirer lists each merchant's sales and refunds (no chargebacks), each by our order id.
      recon: {
        panelRefund: (p, amount) => void sim.panelRefund(p.order_id, amount),
        approveLate: (p) => sim.approveLate(p.order_id),
        alterAmount: (p, amount) => sim.alterAmount(p.order_id, amount),
        unknownSale: (dealerId, amount) => void sim.unknownSale(`Dealer ${dealerId}`, amount),
        failReports: (mode) => sim.failReports(mode),
      },
      wrongConfig: (good) => ({
        config: { ...without(good, "storeKey"), storeKey: "short", colour: "red" },
        names: ["storeKey", "colour"],
      }),

      async open(step, payment, app): Promise<Opened> {
        expect(step.startsWith(`${sim.url}/pay/cs_`), step).toBe(true);
        const page = await fetch(step);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('name="number"');
        return { url: step, payment, app };
      },
      async pay(page, card) {
        const { url, payment: p, app } = page as Opened;
        sim.holdVerdicts(true);
        const res = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ number: SANDBOX_CARDS[card], expiry: "12/30", cvc: "123" }),
          redirect: "manual",
        });
        expect(res.status).toBe(200);
        const verdict = sim.verdicts.at(-1)!;
        expect(verdict.orderId).toBe(p.order_id);
        const back = new URL(verdict.returnUrl);
        expect(`${back.origin}${back.pathname}`).toBe(`${app.baseUrl}/api/returns/card/${p.token}`);
        const browserBack = async (query: URLSearchParams) => {
          const url = new URL(back);
          url.search = query.toString();
          const answer = await httpRequest({ url: url.toString(), method: "GET", checkResponse: false });
          expect([answer.status, answer.headers.location]).toEqual([303, `${app.baseUrl}/pay/${p.token}?lang=en`]);
        };
        const altered = (change: (q: URLSearchParams) => void) => () => {
          const q = new URLSearchParams(back.search);
          change(q);
          return browserBack(q);
        };
        return {
          deliver: () => browserBack(back.searchParams),
          forgeries: () => [
            card === "approve"
              ? {
                  name: "a declined status under the approval's signature",
                  deliver: altered((q) => q.set("status", "declined")),
                }
              : {
                  name: "an approved status under the decline's signature",
                  deliver: altered((q) => q.set("status", "approved")),
                },
            { name: "another amount", deliver: altered((q) => q.set("amount", "1.00")) },
            { name: "a made-up signature", deliver: altered((q) => q.set("signature", "0".repeat(64))) },
            { name: "no signature", deliver: altered((q) => q.delete("signature")) },
            {
              name: "a notification signed with another key",
              async deliver() {
                const answer = await httpRequest({
                  url: verdict.notifyUrl,
                  body: verdict.body,
                  headers: {
                    "content-type": "application/json",
                    "x-acquirer-signature": sim.sign(verdict.body, "not-the-store-key-000000"),
                  },
                  checkResponse: false,
                });
                expect(answer.status).toBe(401);
              },
            },
          ],
          release: () => sim.sendHeld(),
        };
      },

      refundsMade: (p) =>
        [...sim.sessions.values()]
          .filter((s) => s.orderId === p.order_id)
          .flatMap((s) => s.refunds.map((r) => BigInt(r.amount.replace(".", "")))),
      refuseRefunds: (on) => sim.refuseRefunds(on),
      slowRefunds: (ms) => sim.delayApi(ms),
      loseRefunds: (on) => sim.loseRefunds(on),

      async payInBrowser(page) {
        await page.waitForURL(new RegExp(`^${sim.url}/pay/cs_`));
        await page.getByLabel("Card number").fill(SANDBOX_CARDS.approve);
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security code").fill("123");
        await page.getByRole("button", { name: "Pay" }).click();
      },
    };
  },
};
