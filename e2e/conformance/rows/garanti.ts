import { expect } from "vitest";
import { gvpOrderIdOf } from "@/lib/integrations/connectors/garanti/request-mapper";
import { readForm } from "../../simulators/est-v3/browser";
import { CARDS, startGarantiSimulator } from "../../simulators/garanti/server";
import type { Terminal } from "../../simulators/garanti/state";
import { readCardStep, submit } from "../../support/card-journey";
import type { CardPayment, CardRow } from "../types";
import { heldFormReturn, setField, type OpenedPage } from "./form-return";
import { without } from "./config";

/**
 * Garanti BBVA's common payment page (3D_OOS_PAY) against the simulated GVP: our card-step page posts the
 * signed form to GVP's 3-D engine, the card is typed on Garanti's page, and GVP's signed outcome is posted back
 * to our return URL. Refunds go to GVP's XML API with the refund user; GVP refunds only settled sales (a
 * same-day one is a void), so the refund journeys run after the simulated end of day. Each dealer has a terminal
 * of its own, as each shop has at the bank: its order list shows its own sales only.
 */
export const garantiRow: CardRow = {
  simulator: "e2e/simulators/garanti",
  decline: { code: "51", message: "Insufficient funds" },
  refundRefusedCode: "0999",
  abandonedInquiry: "no-verdict",
  lostReturnInquiry: "charge-not-accepted",
  refundTimeoutMs: 2000,
  // GVP posts MaskedPan outside its hashparams; its order history names no card.
  cardShown: { approve: null, lostReturn: null },

  async start() {
    const bank = await startGarantiSimulator();
    /** Each dealer's own terminal at GVP, by dealer id. */
    const terminals = new Map<number, Terminal>();
    let panelSales = 0;
    /** The payment's order at GVP: the letters-and-digits id it was sent, on the terminal it was paid at. */
    const atBank = (p: CardPayment) => {
      const orderId = gvpOrderIdOf(p.order_id);
      const terminal = [...terminals.values()].find((t) => bank.order(t.terminalId, orderId));
      return { orderId, terminalId: terminal?.terminalId };
    };
    const sold = (p: CardPayment) => {
      const { orderId, terminalId } = atBank(p);
      if (!terminalId) throw new Error(`GVP has no order ${orderId} on any dealer's terminal`);
      return { orderId, terminalId };
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
          merchantId: t.merchantId,
          terminalId: t.terminalId,
          userId: "PROVOOS",
          password: t.users.PROVOOS,
          storeKey: t.storeKey,
          refundPassword: t.users.PROVRFN,
          gatewayUrl: bank.gatewayUrl,
          apiUrl: bank.apiUrl,
          timeoutMs: options.timeoutMs ?? 5000,
        };
      },
      wrongConfig: (good) => ({
        config: { ...without(good, "refundPassword"), storekey: "typo" },
        names: ["refundPassword", "storekey"],
      }),
      // GVP's order list (orderlistinq) lists the terminal's sales, voids and refunds; no chargebacks.
      recon: {
        panelRefund(p, amount) {
          const { orderId, terminalId } = sold(p);
          bank.panelRefund(orderId, amount, terminalId);
        },
        approveLate(p) {
          const { orderId, terminalId } = sold(p);
          bank.approveLate(orderId, undefined, terminalId);
        },
        alterAmount(p, amount) {
          const { orderId, terminalId } = sold(p);
          bank.alterAmount(orderId, amount, terminalId);
        },
        unknownSale(dealerId, amount) {
          const t = terminals.get(dealerId);
          if (!t) throw new Error(`dealer ${dealerId} has no terminal at GVP`);
          panelSales += 1;
          bank.unknownSale(`PANEL${Date.now().toString(36).toUpperCase()}${panelSales}`, amount, t.terminalId);
        },
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
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
        return { form: cardForm!, url: bank.gatewayUrl, payment, app };
      },
      async pay(page, card) {
        const opened = page as OpenedPage;
        const answer = await submit(opened.form, opened.url, {
          pan: card === "approve" ? CARDS.approve : CARDS.insufficientFunds,
          holder: "AYSE KAYA",
          expiry: "12/30",
          cv2: "000",
        });
        // The hash covers what `hashparams` names, and the list must name every field read; the amount is bound
        // by our own form's hash and compared. (A return without any hash is asked of the bank: card-garanti.test.ts.)
        return heldFormReturn(readForm(answer.html), opened, {
          ...(card === "approve"
            ? {
                "a declined code": setField("procreturncode", "51"),
                "a declined response": setField("response", "Declined"),
              }
            : {
                "an approval made of the decline": (fields) =>
                  setField("response", "Approved")(setField("procreturncode", "00")(fields)),
              }),
          "another amount": setField("txnamount", "100"),
          "a made-up hash": setField("hash", "A".repeat(128)),
          "a hash list naming less": setField("hashparams", "clientid:oid:"),
        });
      },

      refundsMade(p) {
        const { orderId, terminalId } = atBank(p);
        return (terminalId ? bank.order(terminalId, orderId)!.txns : [])
          .filter((t) => (t.type === "refund" || t.type === "void") && t.status === "00")
          .map((t) => t.amountMinor);
      },
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayRefunds(ms),
      loseRefunds: (on) => bank.loseRefunds(on),
      endOfDay: () => bank.settle(),

      async payInBrowser(page) {
        await page.waitForURL(bank.gatewayUrl);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Secure Common Payment Page");
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Name on Card").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security Code (CVV)").fill("000");
        await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
      },
    };
  },
};
