import { expect } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { SIMULATOR_DEFAULTS, startNowpaymentsSimulator } from "../../simulators/nowpayments/server";
import { signIpn } from "../../simulators/nowpayments/wire";
import { httpRequest } from "../../support/http";
import type { GatewayMessage, GatewayRow } from "../types";

const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";

/**
 * NOWPayments for a crypto gateway against the simulated NOWPayments: deposits are payments the customer sends
 * coins to, reported by IPNs signed with the IPN secret; withdrawals are payouts verified with the account's
 * 2FA code and reported by payout IPNs.
 */
export const nowpaymentsRow: GatewayRow = {
  simulator: "e2e/simulators/nowpayments",
  method: "crypto",
  requiredFields: ["crypto_type", "wallet_address"],
  cryptoTypes: ["USDT-TRC20"],
  declinedStatus: "canceled",
  withdrawalRefusal: "Insufficient network fee",

  async start() {
    const sim = await startNowpaymentsSimulator();
    sim.setBalance("usdttrc20", 1_000_000);
    const postIpn = (url: string, body: Record<string, unknown>, signature: string) =>
      httpRequest({
        url,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", "x-nowpayments-sig": signature },
        checkResponse: false,
      });

    /** The payment's last IPN, which the simulator was told not to deliver: held for the journey. */
    function held(paymentId: string): GatewayMessage {
      const ipn = sim.state.ipns.filter((i) => String(i.body.payment_id) === paymentId).at(-1)!;
      expect(ipn.delivered).toBe(false);
      const refused = async (body: Record<string, unknown>, signature: string, url = ipn.url) =>
        expect((await postIpn(url, body, signature)).status).toBe(401);
      const tenfold = { ...ipn.body, price_amount: Number(ipn.body.price_amount) * 10 };
      return {
        async deliver() {
          expect((await postIpn(ipn.url, ipn.body, ipn.signature)).status).toBe(200);
        },
        forgeries: () => [
          { name: "another amount under the signature", deliver: () => refused(tenfold, ipn.signature) },
          {
            name: "signed with another secret",
            deliver: () => refused(ipn.body, signIpn("not-the-ipn-secret", ipn.body)),
          },
          {
            name: "signed, for an amount that is not the order's",
            deliver: () => refused(tenfold, signIpn(SIMULATOR_DEFAULTS.ipnSecret, tenfold)),
          },
        ],
        deliverTo: (url) => refused(ipn.body, ipn.signature, url),
        release: async () => {},
      };
    }
    const gatewayReferenceOf = async (id: number) =>
      (await prisma.transaction.findUniqueOrThrow({ where: { id } })).gatewayReference!;

    return {
      stop: () => sim.stop(),
      reset() {
        sim.state.dropIpns = 0;
        sim.state.forcedStatuses.length = 0;
        sim.delay(0);
        sim.failReports(null);
      },
      config: (options = {}) => ({ ...SIMULATOR_DEFAULTS, baseUrl: sim.url, timeoutMs: options.timeoutMs ?? 5000 }),
      wrongConfig: ({ ipnSecret, ...good }) => ({
        config: { ...good, ipn_secret: ipnSecret },
        names: ["ipnSecret", "ipn_secret"],
      }),
      choice: "USDT-TRC20",
      async payDeposit(d) {
        sim.dropNextIpns(2); // confirming, finished
        sim.pay(d.gatewayReference);
        await sim.settled();
        return held(d.gatewayReference);
      },
      async declineDeposit(d) {
        sim.dropNextIpns(1);
        sim.fail(d.gatewayReference);
        await sim.settled();
        return held(d.gatewayReference);
      },
      async abandonDeposit(d) {
        sim.expire(d.gatewayReference);
        await sim.settled();
      },
      async payDepositSilently(d) {
        sim.dropNextIpns(2);
        sim.pay(d.gatewayReference);
        await sim.settled();
      },
      account: () => ({ crypto_type: "USDT-TRC20", wallet_address: TRON }),
      async settleWithdrawal(w, outcome, notify) {
        await sim.settled();
        if (!notify) sim.dropNextIpns(3); // processing, sending, the verdict
        sim.settlePayout(await gatewayReferenceOf(w.id), outcome === "paid" ? "finished" : "failed");
        await sim.settled();
      },
      // The payout is created; its verification's answer is a 500: nothing tells us it exists.
      loseNextWithdrawalAnswer: () => sim.answerNext(500, "/v1/payout/*"),
      payoutsOf: (code) => [...sim.state.payouts.values()].filter((p) => p.unique_external_id === code).length,
      // The payment list names each deposit by our order_id, the payout list each payout by our unique_external_id.
      recon: {
        unknownDeposit: (amount) => void sim.unknownSale(`stranger-${randomCodeGroup(8)}`, Number(amount)),
        alterAmount: (d, amount) => void sim.alterAmount(d.code, Number(amount)),
        approveLate: (d) => void sim.approveLate(d.code),
        payTwice: (w) => void sim.payTwice(w.code),
        // NOWPayments refunds a whole payment: the payment's status turns "refunded", no refund record of its own.
        panelRefund(d) {
          sim.panelRefund(d.code);
          return "status_differs/deposit";
        },
        failReports: (mode) => sim.failReports(mode),
      },
    };
  },
};
