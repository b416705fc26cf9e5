import { expect } from "vitest";
import { payflexOrderIdOf } from "@/lib/integrations/connectors/payflex-cp/request-mapper";
import { formBody, readForm, type PageForm } from "../../simulators/est-v3/browser";
import { CARDS, startPayflexCpSimulator, type Merchant } from "../../simulators/payflex-cp/server";
import type { AppOrigin, CardPayment, CardRow, HeldMessage } from "../types";

/** The bank's common payment page as the customer reached it: its card form. */
type OpenedPage = { form: PageForm; url: string; payment: CardPayment; app: AppOrigin };

/** A change of the return's query, as a forger makes it. */
type Tamper = (query: URLSearchParams) => void;

/**
 * VakıfBank's PayFlex Common Payment against its simulator: "Pay by card" registers the checkout with the bank and
 * redirects to the bank's common payment page, the card is typed there, and the bank redirects the browser back to our
 * return URL with the transaction's ids in the query. Nothing there is signed: the connector asks the bank
 * (VposTransaction) about the transaction named, once a minute at most per payment, and believes only its answer.
 * Voids, refunds, the status and the reconciliation go through the bank's virtual POS (Vposreq.aspx, Search.aspx) with
 * the same merchant credentials. Each dealer has a merchant of its own at the bank.
 */
export const payflexCpRow: CardRow = {
  simulator: "e2e/simulators/payflex-cp",
  decline: { code: "0051", message: "Insufficient funds" },
  refundRefusedCode: "9999",
  abandonedInquiry: "no-verdict",
  // The search carries no 3-D Secure level: an approval only it reports is a charge not accepted at a full-3-D dealer.
  lostReturnInquiry: "charge-not-accepted",
  refundTimeoutMs: 2000,
  // The answer to our authenticated query names the card (MaskedPan); the search names none.
  cardShown: { approve: { brand: "Visa", last4: CARDS.approve.slice(-4) }, lostReturn: null },

  async start() {
    const bank = await startPayflexCpSimulator();
    const merchants = new Map<number, Merchant>();
    /** The payment's order at the bank (its first attempt's id, letters and digits) and the merchant that holds it. */
    const atBank = (p: CardPayment) => {
      const orderId = payflexOrderIdOf(p.order_id);
      const merchant = [...merchants.values()].find((m) => bank.transactions(m.merchantId, orderId).length > 0);
      return { orderId, merchantId: merchant?.merchantId };
    };
    const held = (p: CardPayment) => {
      const { orderId, merchantId } = atBank(p);
      if (!merchantId) throw new Error(`the bank has no order ${orderId} of any dealer's merchant`);
      return { orderId, merchantId };
    };
    return {
      stop: () => bank.stop(),
      reset() {
        bank.refuseRefunds(false);
        bank.delayRefunds(0);
        bank.loseRefunds(false);
        bank.failReports(null);
      },
      async configFor(dealerId, _app, options = {}) {
        const m = merchants.get(dealerId) ?? bank.addMerchant();
        merchants.set(dealerId, m);
        return {
          merchantId: m.merchantId,
          terminalId: m.terminalId,
          password: m.password,
          gatewayUrl: bank.gatewayUrl,
          apiUrl: bank.apiUrl,
          vposApiUrl: bank.vposApiUrl,
          queryUrl: bank.queryUrl,
          timeoutMs: options.timeoutMs ?? 5000,
          // One search per order of the day: faster than the default pace, the simulator takes it.
          reportCallsPerSecond: 20,
        };
      },
      wrongConfig: ({ password, ...good }) => ({
        config: { ...good, merchantPassword: password },
        names: ["password", "merchantPassword"],
      }),
      /*
       * The search is asked about each order the service sent: a sale it never sent cannot show (no unknown sale), nor
       * chargebacks, which it does not list. A refund in the panel is a Refund of part of the sale.
       */
      recon: {
        panelRefund(p, amount) {
          const { orderId, merchantId } = held(p);
          bank.panelRefund(merchantId, orderId, amount);
        },
        approveLate(p) {
          const { orderId, merchantId } = held(p);
          bank.approveLate(merchantId, orderId);
        },
        alterAmount(p, amount) {
          const { orderId, merchantId } = held(p);
          bank.alterAmount(merchantId, orderId, amount);
        },
        failReports: (mode) => bank.failReports(mode),
      },

      async open(step, payment, app): Promise<OpenedPage> {
        expect(step.startsWith(`${bank.url}/CommonPayment/SecurePayment?Ptkn=`), step).toBe(true);
        const page = await fetch(step);
        expect(page.status).toBe(200);
        const form = readForm(await page.text());
        expect(form?.fields.map(([n]) => n)).toContain("pan");
        return { form: form!, url: step, payment, app };
      },
      async pay(page, card): Promise<HeldMessage> {
        const { form, url, payment: p, app } = page as OpenedPage;
        const fields: [string, string][] = [
          ...form.fields.filter(([n]) => !["pan", "holder", "expiry", "cvv"].includes(n)),
          ["pan", card === "approve" ? CARDS.approve : CARDS.insufficientFunds],
          ["holder", "AYSE KAYA"],
          ["expiry", "12/30"],
          ["cvv", "715"],
        ];
        const paid = await fetch(new URL(form.action, url), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: formBody(fields, form.charset),
          redirect: "manual",
        });
        expect(paid.status).toBe(302);
        const back = paid.headers.get("location")!;
        expect(back.startsWith(`${app.baseUrl}/api/returns/card/${p.token}?lang=en&`), back).toBe(true);
        const deliver = async (tamper?: Tamper) => {
          const target = new URL(back);
          tamper?.(target.searchParams);
          const res = await fetch(target, { redirect: "manual" });
          expect(res.status).toBe(303);
          expect(res.headers.get("location")).toBe(`${app.baseUrl}/pay/${p.token}?lang=en`);
        };
        // The verdict fields (Rc, Message, AuthCode) are never read: changed, they ask the bank, whose answer is the
        // truth (payflex-cp.connector.test.ts). What a forger controls is which transaction is named.
        const tampers: Record<string, Tamper> = {
          "a made-up payment token": (q) => q.set("PaymentToken", "0123456789abcdef0123456789abcdef"),
          "no payment token": (q) => q.delete("PaymentToken"),
          "not a payment token": (q) => q.set("PaymentToken", "<script>"),
          "not a transaction id": (q) => q.set("TransactionId", "1 OR 1=1"),
          "no transaction id": (q) => q.delete("TransactionId"),
        };
        return {
          deliver: () => deliver(),
          forgeries: () => Object.entries(tampers).map(([name, tamper]) => ({ name, deliver: () => deliver(tamper) })),
          release: async () => {},
        };
      },

      refundsMade(p) {
        const { orderId, merchantId } = atBank(p);
        return (merchantId ? bank.transactions(merchantId, orderId) : [])
          .filter((t) => (t.type === "Refund" || t.type === "Cancel") && t.resultCode === "0000")
          .map((t) => t.amountMinor);
      },
      refuseRefunds: (on) => bank.refuseRefunds(on),
      slowRefunds: (ms) => bank.delayRefunds(ms),
      loseRefunds: (on) => bank.loseRefunds(on),

      async payInBrowser(page) {
        await page.waitForURL(new RegExp(`^${bank.url}/CommonPayment/SecurePayment\\?Ptkn=`));
        expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("VakıfBank Common Payment");
        await page.getByLabel("Card Number").fill(CARDS.approve);
        await page.getByLabel("Name on Card").fill("AYSE KAYA");
        await page.getByLabel("Expiry (MM/YY)").fill("12/30");
        await page.getByLabel("Security Code (CVV)").fill("715");
        await page.getByRole("button", { name: "Pay TRY 249.90" }).click();
      },
    };
  },
};
