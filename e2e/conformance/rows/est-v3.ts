import { expect } from "vitest";
import { readForm } from "../../simulators/est-v3/browser";
import { CARDS, DEFAULT_STORE, startEstV3Simulator } from "../../simulators/est-v3/server";
import { readCardStep, submit } from "../../support/card-journey";
import type { CardPayment, CardRow } from "../types";
import { dropField, heldFormReturn, setField, type OpenedPage } from "./form-return";

/**
 * EST 3D Pay Hosting against the simulated EST bank: our card-step page posts the signed form to the bank's
 * 3-D gate, the card is typed there, and the bank's signed outcome is posted back to our return URL.
 */
export const estV3Row: CardRow = {
  simulator: "e2e/simulators/est-v3",
  decline: { code: "51", message: "Insufficient funds" },
  refundRefusedCode: "CORE-2508",
  abandonedInquiry: "no-verdict",
  refundTimeoutMs: 2000,
  // The version 3 hash signs MaskedPan; the status answer names no card.
  cardShown: { approve: { brand: "Visa", last4: CARDS.approve.slice(-4) }, lostReturn: null },

  async start() {
    const bank = await startEstV3Simulator();
    /** EST is sent our order id as it is (`oid`), at the store every dealer of this row is configured with. */
    const oidOf = (p: CardPayment) => p.order_id;
    return {
      stop: () => bank.stop(),
      reset() {
        bank.dropReturns(false);
        bank.refuseRefunds(false);
        bank.delayApi(0);
        bank.loseApiCalls(false);
        bank.threeDSecure(null);
        bank.failReports(null);
      },
      configFor: async (_dealerId, _app, options = {}) => ({
        clientId: DEFAULT_STORE.clientId,
        storeKey: DEFAULT_STORE.storeKey,
        username: DEFAULT_STORE.username,
        password: DEFAULT_STORE.password,
        gatewayUrl: bank.gatewayUrl,
        apiUrl: bank.apiUrl,
        timeoutMs: options.timeoutMs ?? 5000,
        // One order history query per order of the day: faster than the default pace, the simulator takes it.
        reportCallsPerSecond: 20,
      }),
      wrongConfig: ({ storeKey, ...good }) => ({
        config: { ...good, storekey: storeKey },
        names: ["storeKey", "storekey"],
      }),
      /*
       * EST is asked each order the service sent (ORDERHISTORY): a sale it never sent cannot show, so there is no
       * unknown sale; nor chargebacks, which the history does not list. A refund in the panel is a Credit of part of
       * the sale, as the service's own refunds are (EST takes a Credit on the day; a void would cancel the whole sale).
       */
      recon: {
        panelRefund: (p, amount) => void bank.panelRefund(oidOf(p), amount, DEFAULT_STORE.clientId),
        approveLate: (p) => void bank.approveLate(oidOf(p), undefined, DEFAULT_STORE.clientId),
        alterAmount: (p, amount) => bank.alterAmount(oidOf(p), amount, DEFAULT_STORE.clientId),
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step).toBe(`${app.baseUrl}/api/pay/${payment.token}/card-step?lang=en`);
        const form = await readCardStep(step);
        expect(form.action).toBe(bank.gatewayUrl);
        expect(form.formAction).toBe(bank.url);
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
        // Every field the bank posts is under its HASH (ver3): any change, or no hash, is refused.
        return heldFormReturn(readForm(answer.html), opened, {
          ...(card === "approve"
            ? { "a declined code": setField("ProcReturnCode", "51") }
            : {
                "an approval made of the decline": (fields) =>
                  setField("Response", "Approved")(setField("ProcReturnCode", "00")(fields)),
              }),
          "another amount": setField("amount", "1.00"),
          "another store": setField("clientid", "190100001"),
          "a made-up hash": setField("HASH", "A".repeat(88)),
          "no hash": dropField("HASH"),
        });
      },

      refundsMade: (p) =>
        (bank.order(DEFAULT_STORE.clientId, oidOf(p))?.credits ?? [])
          .filter((c) => c.procReturnCode === "00")
          .map((c) => c.amountMinor),
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayApi(ms),
      loseRefunds: (on) => bank.loseApiCalls(on),

      async payInBrowser(page) {
        await page.waitForURL(bank.gatewayUrl);
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Name on Card").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security Code (CVV)").fill("000");
        await page.getByRole("button", { name: /^Pay / }).click();
      },
    };
  },
};
