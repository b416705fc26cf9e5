import { expect } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { startBankSimulator } from "../../simulators/http-partner/bank";
import { v2Headers } from "../../simulators/http-partner/server";
import type { BankAnswer, BankMessage, BankRow } from "../types";
import { without } from "./config";

const SENDER_IBAN = "TR330006100519786457841326";
const now = () => new Date().toISOString();

/**
 * The http-partner protocol as the E-IBAN bank (docs/partner-protocol.md, bank endpoints), against the
 * protocol's bank simulator: accounts with balances, transfer orders kept per clientRef (a repeat gets the
 * first order), statements, the transfer inquiry and signed (version 2) notifications. Each start is a bank of
 * its own with its own secret, so two wallets at two such banks verify with different credentials.
 */
export const httpPartnerBankRow: BankRow = {
  simulator: "e2e/simulators/http-partner",

  async start() {
    const secret = `conformance-bank-${randomCodeGroup(12)}`;
    const accounts: Record<string, string> = {};
    const bank = await startBankSimulator(secret, accounts);

    /** A notification held: each send is signed anew; `replay` posts the last send's bytes and headers again. */
    function held(body: Record<string, unknown>, webhookUrl: string): BankMessage {
      const raw = JSON.stringify(body);
      let last: { raw: string; headers: Record<string, string> } | null = null;
      const refused = async (answer: Promise<BankAnswer>) => expect((await answer).status).toBe(401);
      return {
        send: () => bank.notify(webhookUrl, body, secret, { sent: (r, headers) => void (last = { raw: r, headers }) }),
        forgeries: () => [
          {
            name: "signed with another secret",
            deliver: () => refused(bank.notify(webhookUrl, body, "not-this-banks-secret-0000")),
          },
          {
            name: "another amount under the signature",
            deliver: () =>
              refused(
                bank.post(
                  webhookUrl,
                  JSON.stringify({ ...body, amount: "1.00", reference: `${String(body.reference)}-X` }),
                  v2Headers(secret, webhookUrl, raw),
                ),
              ),
          },
          {
            name: "signed ten minutes ago",
            deliver: () =>
              refused(bank.notify(webhookUrl, body, secret, { timestamp: Math.floor(Date.now() / 1000) - 600 })),
          },
          {
            name: "version 1, signed with another secret",
            deliver: () => refused(bank.notify(webhookUrl, body, "not-this-banks-secret-0000", { version: "v1" })),
          },
          { name: "unsigned", deliver: () => refused(bank.post(webhookUrl, raw, {})) },
        ],
        async replay() {
          expect(last, "the message was sent before it is replayed").not.toBeNull();
          await refused(bank.post(webhookUrl, last!.raw, last!.headers));
        },
      };
    }

    const transfer = (transferId: string) => {
      const known = bank.transfers.get(transferId);
      expect(known, `the bank holds ${transferId}`).toBeDefined();
      return known!;
    };

    return {
      stop: () => bank.close(),
      reset() {
        bank.loseNextAnswer(0);
        bank.failReports(null);
      },
      config: (options = {}) => ({
        baseUrl: bank.url,
        secret,
        merchantId: "conformance",
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
      wrongConfig: (good) => ({ config: { ...without(good, "secret"), colour: "red" }, names: ["secret", "colour"] }),
      openAccount: (iban, balance) => void (accounts[iban] = balance),
      incoming(p, webhookUrl) {
        // The line reaches the statement with the bank's first notification: until then no poller of the
        // running server can book it behind the journey's back.
        let onStatement = false;
        const message = held(
          {
            type: "incoming",
            reference: p.reference,
            iban: p.iban,
            amount: p.amount,
            senderName: p.senderName,
            senderIban: SENDER_IBAN,
            description: p.description,
            occurredAt: now(),
          },
          webhookUrl,
        );
        return {
          ...message,
          send() {
            if (!onStatement)
              bank.addLine(p.iban, {
                reference: p.reference,
                direction: "incoming",
                amount: p.amount,
                counterpartyName: p.senderName,
                counterpartyIban: SENDER_IBAN,
                description: p.description,
                occurredAt: now(),
              });
            onStatement = true;
            return message.send();
          },
        };
      },
      incomingSilently(p) {
        bank.addLine(p.iban, {
          reference: p.reference,
          direction: "incoming",
          amount: p.amount,
          counterpartyName: p.senderName,
          counterpartyIban: SENDER_IBAN,
          description: p.description,
          occurredAt: now(),
        });
      },
      transferNotice: (transferId, outcome, webhookUrl) =>
        held(
          {
            type: `transfer.${outcome}`,
            clientRef: transferId,
            reference: bank.transfers.get(transferId)?.reference ?? `BSIM-${randomCodeGroup(10)}`,
            ...(outcome === "failed" ? { reason: "ACCOUNT_CLOSED: recipient account is closed" } : {}),
            occurredAt: now(),
          },
          webhookUrl,
        ),
      async settleTransfer(iban, transferId, outcome, via, webhookUrl) {
        const t = transfer(transferId);
        t.status = outcome;
        if (via === "notification") {
          expect(
            await held(
              {
                type: `transfer.${outcome}`,
                clientRef: transferId,
                reference: t.reference,
                ...(outcome === "failed" ? { reason: "ACCOUNT_CLOSED: recipient account is closed" } : {}),
                occurredAt: now(),
              },
              webhookUrl,
            ).send(),
          ).toMatchObject({ status: 200, json: { success: true } });
          return;
        }
        const order = bank.calls.find((c) => c.path === "/transfers" && c.body.clientRef === transferId)!.body;
        bank.addLine(iban, {
          reference: t.reference,
          direction: "outgoing",
          amount: String(order.amount),
          counterpartyName: String(order.recipientName),
          counterpartyIban: String(order.toIban),
          description: String(order.description),
          occurredAt: now(),
          clientRef: transferId,
          status: outcome,
        });
      },
      loseNextTransferAnswer: () => bank.loseNextAnswer(4000),
      transfersOf: (transferId) => (bank.transfers.has(transferId) ? 1 : 0),
      // The statement of a period lists the account's lines: payments received by reference, transfers by clientRef.
      recon: {
        unbookedIncoming: (iban, amount) => bank.unknownDeposit(iban, amount).reference,
        alterAmount: (referenceOrTransferId, amount) => void bank.alterAmount(referenceOrTransferId, amount),
        payTwice: (transferId) => void bank.payTwice(transferId),
        failReports: (mode) => bank.failReports(mode),
      },
    };
  },
};
