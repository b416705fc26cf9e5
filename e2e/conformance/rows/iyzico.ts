import { expect } from "vitest";
import { readForm } from "../../simulators/est-v3/browser";
import { startIyzicoSimulator } from "../../simulators/iyzico/server";
import { submit } from "../../support/card-journey";
import type { Merchant } from "../../simulators/iyzico/state";
import type { CardPayment, CardRow } from "../types";
import { heldFormReturn, setField, type OpenedPage } from "./form-return";

export const IYZICO_CARDS = { approve: "5528790000000008", insufficientFunds: "4111111111111129" } as const;

/**
 * iyzico's Checkout Form against the simulated iyzico: "Pay by card" redirects to iyzico's hosted page, the
 * card is typed there, and iyzico's page posts a token back to our return URL; nothing in that post is believed
 * but the token, with which the connector retrieves the payment from iyzico. Each dealer has a merchant account of
 * its own at iyzico, whose report lists only that dealer's payments.
 */
export const iyzicoRow: CardRow = {
  simulator: "e2e/simulators/iyzico",
  decline: { code: "10051", message: "Insufficient funds" },
  refundRefusedCode: "5093",
  abandonedInquiry: "no-verdict",
  // A server's first call through the official client loads its modules: a shorter timeout would be that.
  refundTimeoutMs: 4000,
  // Both answers to our authenticated retrieve name the card (lastFourDigits, cardAssociation).
  cardShown: {
    approve: { brand: "MasterCard", last4: IYZICO_CARDS.approve.slice(-4) },
    lostReturn: { brand: "MasterCard", last4: IYZICO_CARDS.approve.slice(-4) },
  },

  async start() {
    const iyzico = await startIyzicoSimulator();
    /** Each dealer's merchant account at iyzico, by dealer id (the same one however often it is asked for). */
    const merchants = new Map<number, Merchant>();
    /**
     * The order ids iyzico knows the payment's attempts by, newest first: the connector sends the attempt's order id
     * as basketId and conversationId, the payment's own for attempt 1 and `<order_id>-<n>` for attempt n.
     */
    function attemptOrderIds(p: CardPayment): string[] {
      const number = (id: string) =>
        id === p.order_id
          ? 1
          : id.startsWith(`${p.order_id}-`) && /^\d+$/.test(id.slice(p.order_id.length + 1))
            ? Number(id.slice(p.order_id.length + 1))
            : 0;
      const ids = new Set([...iyzico.state.forms.values()].map((f) => f.conversationId).filter((id) => number(id) > 0));
      return [...ids].sort((a, b) => number(b) - number(a));
    }
    /** The newest attempt iyzico approved (what a panel operation or an amount change is about). */
    const approvedOrderId = (p: CardPayment) =>
      attemptOrderIds(p).find((id) =>
        iyzico.state.paymentsByConversation(id).some((x) => x.paymentStatus === "SUCCESS"),
      ) ?? p.order_id;

    return {
      stop: () => iyzico.stop(),
      reset() {
        iyzico.dropCallback(false);
        iyzico.refuseRefunds(false);
        iyzico.loseRefunds(false);
        iyzico.delay(0);
        iyzico.failReports(null);
      },
      async configFor(dealerId, _app, options = {}) {
        const merchant = merchants.get(dealerId) ?? iyzico.addMerchant();
        merchants.set(dealerId, merchant);
        return {
          apiKey: merchant.apiKey,
          secretKey: merchant.secretKey,
          baseUrl: iyzico.url,
          ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
        };
      },
      wrongConfig: ({ secretKey, ...good }) => ({
        config: { ...good, secret: secretKey },
        names: ["secretKey", "secret"],
      }),
      // iyzico's daily report lists payments, refunds and cancels (no chargebacks: iyzico handles them outside the API).
      recon: {
        panelRefund: (p, amount) => void iyzico.panelRefund(approvedOrderId(p), amount),
        // The newest attempt, declined or never paid, approved at iyzico after all.
        approveLate: (p) => void iyzico.approveLate(attemptOrderIds(p)[0] ?? p.order_id),
        alterAmount: (p, amount) => void iyzico.alterAmount(approvedOrderId(p), amount),
        unknownSale(dealerId, amount) {
          const merchant = merchants.get(dealerId);
          if (!merchant) throw new Error(`dealer ${dealerId} has no iyzico merchant (configFor first)`);
          iyzico.unknownSale({ amount, apiKey: merchant.apiKey });
        },
        failReports: (mode) => iyzico.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step.startsWith(`${iyzico.url}/checkoutform?`), step).toBe(true);
        const page = await fetch(step);
        expect(page.status).toBe(200);
        const form = readForm(await page.text());
        expect(form?.fields.map(([n]) => n)).toContain("cardNumber");
        return { form: form!, url: step, payment, app };
      },
      async pay(page, card) {
        const opened = page as OpenedPage;
        const cardNumber = card === "approve" ? IYZICO_CARDS.approve : IYZICO_CARDS.insufficientFunds;
        const answer = await submit(opened.form, opened.url, {
          cardHolderName: "Ayse Kaya",
          cardNumber,
          expireMonth: "12",
          expireYear: "2030",
          cvc: "123",
        });
        // Only the token is read: a made-up one, none, or no fields at all are retrieved from iyzico and refused.
        return heldFormReturn(readForm(answer.html), opened, {
          "a made-up token": setField("token", "00000000-0000-4000-8000-000000000000"),
          "not a token": setField("token", "not a token"),
          "no fields": () => [],
        });
      },

      refundsMade: (p) =>
        (iyzico.state.paymentByConversation(p.order_id)?.refunds ?? [])
          .filter((r) => r.refundStatus === 1)
          .map((r) => BigInt(Math.round(r.refundPrice * 100))),
      refuseRefunds: (on) => iyzico.refuseRefunds(on),
      slowRefunds: (ms) => iyzico.delay(ms, ms > 0 ? "/v2/payment/refund" : undefined),
      loseRefunds: (on) => iyzico.loseRefunds(on),

      async payInBrowser(page) {
        await page.waitForURL(new RegExp(`^${iyzico.url}/checkoutform\\?`));
        await page.getByLabel("Name on card").fill("Ayse Kaya");
        await page.getByLabel("Card number").fill(IYZICO_CARDS.approve);
        await page.getByLabel("Month").fill("12");
        await page.getByLabel("Year").fill("2030");
        await page.getByLabel("CVC").fill("123");
        await page.getByRole("button", { name: "Pay" }).click();
      },
    };
  },
};
