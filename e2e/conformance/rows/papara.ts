import { expect } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { startPaparaSimulator } from "../../simulators/papara/server";
import { httpRequest } from "../../support/http";
import type { GatewayMessage, GatewayRow } from "../types";

/**
 * Papara for a wallet gateway against the simulated Papara: a deposit is a Papara payment the customer makes on
 * Papara's page, whose (unsigned) notification is believed only through Papara's own answer; a withdrawal is a
 * mass payment, paid when Papara answers its create.
 */
export const paparaRow: GatewayRow = {
  simulator: "e2e/simulators/papara",
  method: "wallet",
  requiredFields: ["wallet_number"],
  declinedStatus: "canceled",
  withdrawalRefusal: "PAPARA_100: No Papara user has this number",
  notApplicable: {
    depositDecline:
      "Papara has no declined payment: the customer pays on Papara's page or does not, and an unpaid payment is deleted after an hour (the abandoned journey)",
    lateApproval:
      "Papara never takes a payment it deleted unpaid, and the deposit is cancelled only once Papara no longer holds it: no approval can follow",
  },

  async start() {
    const sim = await startPaparaSimulator({ retryEveryMs: 300 });
    const post = (url: string, body: unknown) =>
      httpRequest({
        url,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
        checkResponse: false,
      });
    const pay = (paymentId: string) =>
      fetch(`${sim.url}/pid?${paymentId}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "accountNumber=1234567890&action=pay",
      });

    /** Papara's notification of the payment, held (Papara cannot reach us until released). */
    function held(paymentId: string): GatewayMessage {
      const n = sim.state.notifications.filter((x) => x.paymentId === paymentId).at(-1)!;
      const refused = async (body: unknown, url = n.url) => expect((await post(url, body)).status).toBe(401);
      // What is not ours is answered 200 so Papara stops repeating it (each repeat is a GET /payments), and applied never.
      const ignored = async (body: unknown, url = n.url) =>
        expect(await post(url, body)).toMatchObject({
          status: 200,
          text: "Ignored: not a payment of this merchant's orders",
        });
      return {
        async deliver() {
          expect((await post(n.url, n.body)).status).toBe(200);
        },
        // Only the id (and the secret key) is read from the body: Papara is asked about the rest.
        forgeries: () => [
          { name: "another merchant secret key", deliver: () => refused({ ...n.body, merchantSecretKey: "guessed" }) },
          { name: "a payment id Papara does not know", deliver: () => ignored({ ...n.body, id: "0000-0000-0000" }) },
        ],
        deliverTo: (url) => ignored(n.body, url),
        async release() {
          sim.holdNotifications(false);
          await sim.settled();
        },
      };
    }

    return {
      stop: () => sim.stop(),
      reset() {
        sim.holdNotifications(false);
        sim.dropMassPaymentAnswers(0);
        sim.delay(0);
        sim.failReports(null);
      },
      config: (options = {}) => ({
        apiKey: sim.apiKey,
        merchantSecretKey: sim.merchantSecretKey,
        baseUrl: sim.url,
        timeoutMs: options.timeoutMs ?? 5000,
      }),
      wrongConfig: ({ apiKey, ...good }) => ({ config: { ...good, apiKy: apiKey }, names: ["apiKey", "apiKy"] }),
      async payDeposit(d) {
        sim.holdNotifications(true);
        expect((await fetch(`${sim.url}/pid?${d.gatewayReference}`)).status).toBe(200);
        await pay(d.gatewayReference);
        return held(d.gatewayReference);
      },
      declineDeposit: () => Promise.reject(new Error("Papara declines no payment")),
      async abandonDeposit(d) {
        // Papara deletes it after its hour; our deposit is past the two hours after which that ends it.
        sim.expireUnpaid();
        await prisma.transaction.update({
          where: { id: d.id },
          data: { createdAt: new Date(Date.now() - 3 * 3600_000) },
        });
      },
      async payDepositSilently(d) {
        sim.holdNotifications(true);
        await pay(d.gatewayReference);
      },
      account: (outcome) => ({ wallet_number: outcome === "paid" ? "PL1111111111" : "9999999999" }),
      // A mass payment is paid, or refused, when it is created: Papara has nothing more to say.
      settleWithdrawal: async () => {},
      loseNextWithdrawalAnswer: () => sim.dropMassPaymentAnswers(1),
      payoutsOf: (code) => [...sim.state.massPayments.values()].filter((m) => m.massPaymentId === code).length,
      // The ledger names a checkout by our referenceId, a mass payment by our massPaymentId.
      recon: {
        unknownDeposit: (amount) => void sim.unknownSale(`stranger-${randomCodeGroup(8)}`, Number(amount)),
        alterAmount: (d, amount) => void sim.alterAmount(d.code, Number(amount)),
        payTwice: (w) => void sim.payTwice(w.code),
        // A refund from Papara's panel is money out of the ledger: an entry of its own naming the payment's order.
        panelRefund(d, amount) {
          sim.panelRefund(d.code, Number(amount));
          return "partners_only/refund";
        },
        failReports: (mode) => sim.failReports(mode),
        cannot: {
          approveLate:
            "the service cancels a Papara deposit only once Papara no longer holds the payment (deleted unpaid after its hour): nothing is left to be paid late",
        },
      },
    };
  },
};
