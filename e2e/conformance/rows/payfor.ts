import { expect } from "vitest";
import { payforOrderIdOf } from "@/lib/integrations/connectors/payfor/request-mapper";
import { readForm } from "../../simulators/est-v3/browser";
import { CARDS, startPayforSimulator } from "../../simulators/payfor/server";
import type { Merchant } from "../../simulators/payfor/state";
import { readCardStep, submit } from "../../support/card-journey";
import type { CardPayment, CardRow } from "../types";
import { heldFormReturn, setField, type OpenedPage } from "./form-return";
import { without } from "./config";

/**
 * QNB Finansbank's PayFor 3-D Host page against the simulated PayFor: our card-step page posts the signed form to
 * 3DHost.aspx, the card is typed on PayFor's page, and PayFor's signed outcome (ResponseHash) is posted back to our
 * return URL. Voids, refunds, inquiries and the day's history go to XMLGate. PayFor refunds only sales of a closed
 * batch (a same-day one is a void of the whole sale), so the refund journeys run after the simulated end of day.
 * Each dealer has a merchant of its own, as each shop has at the bank: its day's history shows its own sales only.
 */
export const payforRow: CardRow = {
  simulator: "e2e/simulators/payfor",
  decline: { code: "51", message: "Insufficient funds" },
  refundRefusedCode: "V015",
  abandonedInquiry: "no-verdict",
  lostReturnInquiry: "charge-not-accepted",
  refundTimeoutMs: 2000,
  // ResponseHash leaves the return's CardMask out. OrderInquiry names it, but its approval (no signed 3-D level) is a
  // charge not accepted for this row's full-3-D dealer: nothing recorded.
  cardShown: { approve: null, lostReturn: null },

  async start() {
    const bank = await startPayforSimulator();
    /** Each dealer's own merchant at PayFor, by dealer id. */
    const merchants = new Map<number, Merchant>();
    let panelSales = 0;
    /** The payment's order at PayFor: the letters-and-digits id it was sent, at the merchant it was paid at. */
    const atBank = (p: CardPayment) => {
      const orderId = payforOrderIdOf(p.order_id);
      const merchant = [...merchants.values()].find((m) => bank.order(m.merchantId, orderId));
      return { orderId, merchantId: merchant?.merchantId };
    };
    const sold = (p: CardPayment) => {
      const { orderId, merchantId } = atBank(p);
      if (!merchantId) throw new Error(`PayFor has no order ${orderId} at any dealer's merchant`);
      return { orderId, merchantId };
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
        const m = merchants.get(dealerId) ?? bank.addMerchant();
        merchants.set(dealerId, m);
        return {
          merchantId: m.merchantId,
          mbrId: m.mbrId,
          username: m.username,
          password: m.password,
          storeKey: m.storeKey,
          gatewayUrl: bank.gatewayUrl,
          apiUrl: bank.apiUrl,
          timeoutMs: options.timeoutMs ?? 5000,
        };
      },
      wrongConfig: (good) => ({
        config: { ...without(good, "storeKey"), merchantPass: "typo" },
        names: ["storeKey", "merchantPass"],
      }),
      // PayFor's TxnHistory of a day lists the merchant's sales, voids and refunds; no chargebacks.
      recon: {
        panelRefund(p, amount) {
          const { orderId, merchantId } = sold(p);
          bank.panelRefund(merchantId, orderId, amount);
        },
        approveLate(p) {
          const { orderId, merchantId } = sold(p);
          bank.approveLate(merchantId, orderId);
        },
        alterAmount(p, amount) {
          const { orderId, merchantId } = sold(p);
          bank.alterAmount(merchantId, orderId, amount);
        },
        unknownSale(dealerId, amount) {
          const m = merchants.get(dealerId);
          if (!m) throw new Error(`dealer ${dealerId} has no merchant at PayFor`);
          panelSales += 1;
          bank.unknownSale(m.merchantId, `PANEL${Date.now().toString(36).toUpperCase()}${panelSales}`, amount);
        },
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
        const form = await readCardStep(step);
        expect(form.action).toBe(bank.gatewayUrl);
        expect(form.formAction).toBe(bank.url);
        expect(form.fields.map(([n]) => n)).toEqual(
          expect.arrayContaining(["MbrId", "MerchantID", "OrderId", "PurchAmount", "Rnd", "Hash"]),
        );
        const gate = await submit(form, step);
        const cardForm = readForm(gate.html);
        expect(
          cardForm?.fields.map(([n]) => n),
          gate.html,
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
        // ResponseHash covers OrderId, AuthCode, ProcReturnCode and 3DStatus; the amount is bound by our own form's
        // hash and compared. (A return without any hash is asked of the bank: the connector's own tests.)
        return heldFormReturn(readForm(answer.html), opened, {
          ...(card === "approve"
            ? {
                "a declined code": setField("ProcReturnCode", "51"),
                "no 3-D Secure": setField("3DStatus", "-1"),
              }
            : {
                "an approval made of the decline": (fields) =>
                  setField("TxnResult", "Success")(setField("ProcReturnCode", "00")(fields)),
              }),
          "another amount": setField("PurchAmount", "1"),
          "another currency": setField("Currency", "840"),
          "a made-up hash": setField("ResponseHash", `${"A".repeat(27)}=`),
          "a SHA-256 hash in place of SHA-1": setField("ResponseHash", `${"B".repeat(43)}=`),
        });
      },

      refundsMade(p) {
        const { orderId, merchantId } = atBank(p);
        return (merchantId ? bank.order(merchantId, orderId)!.txns : [])
          .filter((t) => (t.type === "Refund" || t.type === "Void") && t.code === "00")
          .map((t) => t.amountMinor);
      },
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayRefunds(ms),
      loseRefunds: (on) => bank.loseRefunds(on),
      endOfDay: () => bank.endOfDay(),

      async payInBrowser(page) {
        await page.waitForURL(bank.gatewayUrl);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("QNB Secure Payment");
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Card Holder").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security Code (CVV2)").fill("000");
        await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
      },
    };
  },
};
