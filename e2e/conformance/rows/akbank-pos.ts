import { expect } from "vitest";
import { akbankOrderIdOf } from "@/lib/integrations/connectors/akbank-pos/request-mapper";
import { readForm } from "../../simulators/est-v3/browser";
import { CARDS, startAkbankPosSimulator } from "../../simulators/akbank-pos/server";
import type { Terminal } from "../../simulators/akbank-pos/state";
import { readCardStep, submit } from "../../support/card-journey";
import type { CardPayment, CardRow } from "../types";
import { without } from "./config";
import { heldFormReturn, setField, type OpenedPage } from "./form-return";

/**
 * Akbank's virtual POS on its JSON platform (hosted payment page, 3D_PAY_HOSTING) against its simulator: our
 * card-step page posts the signed form to Akbank's payhosting page, the card is typed on the bank's page, and the
 * bank's signed outcome is posted back to our return URL. Cancels and refunds go to the JSON API; Akbank refunds
 * only settled sales (a same-day one is a cancel of the whole), so the refund journeys run after the simulated end
 * of day. Each dealer has a terminal of its own: its date-range history lists its own transactions only.
 */
export const akbankPosRow: CardRow = {
  simulator: "e2e/simulators/akbank-pos",
  decline: { code: "51", message: "Insufficient funds" },
  refundRefusedCode: "VPS-1099",
  abandonedInquiry: "no-verdict",
  // The order history carries no 3-D Secure level: an approval nothing signed is not credited (full 3-D dealers).
  lostReturnInquiry: "charge-not-accepted",
  refundTimeoutMs: 2000,
  // The hosted page's return names no card. The order history does, but its approval (no signed 3-D level) is a
  // charge not accepted for this row's full-3-D dealer: nothing recorded.
  cardShown: { approve: null, lostReturn: null },

  async start() {
    const bank = await startAkbankPosSimulator();
    /** Each dealer's own terminal at Akbank, by dealer id. */
    const terminals = new Map<number, Terminal>();
    let panelSales = 0;
    /** The payment's order at the bank: the letters-and-digits id it was sent, on the terminal it was paid at. */
    const atBank = (p: CardPayment) => {
      const orderId = akbankOrderIdOf(p.order_id);
      const terminal = [...terminals.values()].find((t) => bank.order(t.terminalSafeId, orderId));
      return { orderId, terminalSafeId: terminal?.terminalSafeId };
    };
    const sold = (p: CardPayment) => {
      const { orderId, terminalSafeId } = atBank(p);
      if (!terminalSafeId) throw new Error(`Akbank has no order ${orderId} on any dealer's terminal`);
      return { orderId, terminalSafeId };
    };
    return {
      stop: () => bank.stop(),
      reset() {
        bank.dropReturns(false);
        bank.refuseRefunds(false);
        bank.delayApi(0);
        bank.delayRefunds(0);
        bank.loseRefunds(false);
        bank.failReports(null);
      },
      async configFor(dealerId, _app, options = {}) {
        const t = terminals.get(dealerId) ?? bank.addTerminal();
        terminals.set(dealerId, t);
        return {
          merchantId: t.merchantSafeId,
          terminalId: t.terminalSafeId,
          secretKey: t.secretKey,
          gatewayUrl: bank.gatewayUrl,
          apiUrl: bank.apiUrl,
          timeoutMs: options.timeoutMs ?? 5000,
        };
      },
      wrongConfig: (good) => ({
        config: { ...without(good, "secretKey"), secretkey: "typo" },
        names: ["secretKey", "secretkey"],
      }),
      // The date-range history lists the terminal's sales, cancels (a sale's state) and refunds; no chargebacks.
      recon: {
        panelRefund(p, amount) {
          const { orderId, terminalSafeId } = sold(p);
          bank.panelRefund(terminalSafeId, orderId, amount);
        },
        approveLate(p) {
          const { orderId, terminalSafeId } = sold(p);
          bank.approveLate(terminalSafeId, orderId);
        },
        alterAmount(p, amount) {
          const { orderId, terminalSafeId } = sold(p);
          bank.alterAmount(terminalSafeId, orderId, amount);
        },
        unknownSale(dealerId, amount) {
          const t = terminals.get(dealerId);
          if (!t) throw new Error(`dealer ${dealerId} has no terminal at Akbank`);
          panelSales += 1;
          bank.unknownSale(t.terminalSafeId, `PANEL${Date.now().toString(36).toUpperCase()}${panelSales}`, amount);
        },
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
        const form = await readCardStep(step);
        expect(form.action).toBe(bank.gatewayUrl);
        expect(form.formAction).toBe(bank.url);
        expect(form.fields.map(([n]) => n)).toEqual(
          expect.arrayContaining(["paymentModel", "hash", "amount", "orderId", "okUrl", "failUrl"]),
        );
        const hosted = await submit(form, step);
        const cardForm = readForm(hosted.html);
        expect(
          cardForm?.fields.map(([n]) => n),
          hosted.html,
        ).toContain("session");
        return { form: cardForm!, url: bank.gatewayUrl, payment, app };
      },
      async pay(page, card) {
        const opened = page as OpenedPage;
        const answer = await submit(opened.form, opened.url, {
          pan: card === "approve" ? CARDS.approve : CARDS.insufficientFunds,
          holder: "AYSE KAYA",
          expiry: "12/30",
          cvv: "000",
        });
        // The hash covers what `hashParams` names, which must name the verdict, the order and (approved) the terminal.
        return heldFormReturn(readForm(answer.html), opened, {
          ...(card === "approve"
            ? {
                "a declined code": setField("responseCode", "VPS-1005"),
                "another order": setField("orderId", "ORD0000000000000"),
                "a hash list without the terminal": setField("hashParams", "responseCode+orderId"),
              }
            : {
                "an approval made of the decline": (fields) =>
                  setField("hostResponseCode", "00")(setField("responseCode", "VPS-0000")(fields)),
              }),
          "a made-up hash": setField("hash", `${"A".repeat(86)}==`),
          "a hash list naming less": setField("hashParams", "orderId"),
        });
      },

      refundsMade(p) {
        const { orderId, terminalSafeId } = atBank(p);
        const txns = terminalSafeId ? bank.order(terminalSafeId, orderId)!.txns : [];
        const ok = (t: (typeof txns)[number]) => t.responseCode === "VPS-0000";
        const cancelled = txns.filter((t) => t.txnCode === "1000" && ok(t) && t.status === "V");
        const refunds = txns.filter((t) => t.txnCode === "1002" && ok(t) && t.status === "N");
        return [...cancelled, ...refunds].map((t) => t.amountMinor);
      },
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayRefunds(ms),
      loseRefunds: (on) => bank.loseRefunds(on),
      endOfDay: () => bank.settle(),

      async payInBrowser(page) {
        await page.waitForURL(bank.gatewayUrl);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Akbank Secure Payment");
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Card Holder").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("CVV").fill("000");
        await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
      },
    };
  },
};
