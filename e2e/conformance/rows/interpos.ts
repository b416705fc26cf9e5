import { expect } from "vitest";
import { interposOrderIdOf } from "@/lib/integrations/connectors/interpos/request-mapper";
import { readForm } from "../../simulators/est-v3/browser";
import { CARDS, startInterposSimulator } from "../../simulators/interpos/server";
import type { Shop } from "../../simulators/interpos/state";
import { readCardStep, submit } from "../../support/card-journey";
import type { CardPayment, CardRow } from "../types";
import { without } from "./config";
import { heldFormReturn, setField, type OpenedPage } from "./form-return";

/**
 * Denizbank InterVPOS (3D_HOST) against the simulated bank: our card-step page posts the signed form to 3DHost.aspx,
 * the card is typed on the bank's page, and the bank's signed outcome (HASH over HASHPARAMS) is posted back to our
 * return URL. Voids and refunds go to the API (Default.aspx): a void only before the end of day, a refund only after,
 * so the refund journeys run after the simulated end of day. StatusHistory carries no 3-D level: a lost return's
 * approval is not credited where the dealer accepts only full 3-D.
 */
/**
 * The row's shop at the simulated bank. mewebstudio's published test shop (3123, InterTestApi / "3", store key
 * "gDg1N") has secrets too short to tell apart in the console's output, where the journey checks they never show.
 */
const SHOP: Shop = {
  shopCode: "3123",
  userCode: "InterTestApi",
  userPass: "IvpApiPass-7K2M",
  storeKey: "IvpStoreKey-9Q4Z",
  name: "Test İşyeri",
};

export const interposRow: CardRow = {
  simulator: "e2e/simulators/interpos",
  decline: { code: "51", message: "Insufficient funds" },
  refundRefusedCode: "12",
  abandonedInquiry: "no-verdict",
  lostReturnInquiry: "charge-not-accepted",
  refundTimeoutMs: 2000,
  // The bank posts Pan outside its HASHPARAMS; its status answer names no card.
  cardShown: { approve: null, lostReturn: null },

  async start() {
    const bank = await startInterposSimulator({ shops: [SHOP] });
    /** The id InterVPOS holds the payment under: letters and digits of the order id, at the shop every dealer uses. */
    const idOf = (p: CardPayment) => interposOrderIdOf(p.order_id);
    return {
      stop: () => bank.stop(),
      reset() {
        bank.dropReturns(false);
        bank.refuseRefunds(false);
        bank.delayRefunds(0);
        bank.loseRefunds(false);
        bank.threeDSecure(null);
        bank.failReports(null);
      },
      configFor: async (_dealerId, _app, options = {}) => ({
        merchantId: SHOP.shopCode,
        username: SHOP.userCode,
        password: SHOP.userPass,
        storeKey: SHOP.storeKey,
        gatewayUrl: bank.gatewayUrl,
        apiUrl: bank.apiUrl,
        timeoutMs: options.timeoutMs ?? 5000,
        // One StatusHistory query per order of the day: faster than the default pace, the simulator takes it.
        reportCallsPerSecond: 20,
      }),
      wrongConfig: (good) => ({
        config: { ...without(good, "storeKey"), storekey: "typo" },
        names: ["storeKey", "storekey"],
      }),
      /*
       * InterVPOS is asked each order the service sent (StatusHistory): a sale it never sent cannot show, so there is
       * no unknown sale; nor chargebacks, which the status does not name. A panel refund raises the sale's
       * RefundedAmount, as the service's own refunds do.
       */
      recon: {
        panelRefund: (p, amount) => bank.panelRefund(idOf(p), amount),
        approveLate: (p) => void bank.approveLate(idOf(p)),
        alterAmount: (p, amount) => bank.alterAmount(idOf(p), amount),
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
        const form = await readCardStep(step);
        expect(form.action).toBe(bank.gatewayUrl);
        expect(form.formAction).toBe(bank.url);
        expect(form.fields.map(([n]) => n)).toEqual(
          expect.arrayContaining(["ShopCode", "SecureType", "PurchAmount", "OrderId", "Rnd", "Hash"]),
        );
        const host = await submit(form, step);
        const cardForm = readForm(host.html);
        expect(
          cardForm?.fields.map(([n]) => n),
          host.html,
        ).toContain("Pan");
        return { form: cardForm!, url: bank.gatewayUrl, payment, app };
      },
      async pay(page, card) {
        const opened = page as OpenedPage;
        const answer = await submit(opened.form, opened.url, {
          Pan: card === "approve" ? CARDS.approve : CARDS.insufficientFunds,
          CardHolderName: "AYSE KAYA",
          Expiry: "12/30",
          Cvv2: "000",
        });
        // HASH covers what HASHPARAMS names, which must name the order, amount, currency and verdict; the shop code
        // (not signed) is compared. (A return without any hash is asked of the bank: interpos.connector.test.ts.)
        return heldFormReturn(readForm(answer.html), opened, {
          ...(card === "approve"
            ? {
                "a declined code": setField("ProcReturnCode", "51"),
                "no 3-D Secure": setField("mdStatus", "0"),
              }
            : { "an approval made of the decline": setField("ProcReturnCode", "00") }),
          "another amount": setField("PurchAmount", "1,00"),
          "another currency": setField("Currency", "840"),
          "another shop": setField("ShopCode", "9999"),
          "a made-up hash": setField("HASH", `${"A".repeat(27)}=`),
          "a hash list naming less": setField("HASHPARAMS", "OrderId:ProcReturnCode:"),
        });
      },

      refundsMade: (p) => (bank.order(idOf(p))?.givenBack ?? []).map((g) => g.amountMinor),
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayRefunds(ms),
      loseRefunds: (on) => bank.loseRefunds(on),
      endOfDay: () => bank.settle(),

      async payInBrowser(page) {
        await page.waitForURL(bank.gatewayUrl);
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("DenizBank Secure Payment");
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Name on Card").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security Code (CVV)").fill("000");
        await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
      },
    };
  },
};
