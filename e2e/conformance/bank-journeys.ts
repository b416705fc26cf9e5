import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { prisma } from "@/lib/base/db/prisma";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { BANK_CONNECTORS, type BankConnectorName } from "@/lib/integrations/connectors/registry";
import { adminAsync } from "../support/admin-cli";
import { verifyAsReceiver } from "../support/callback-receiver";
import { eibanDeposit, eibanPayout, incomingPayment, newIban, openWallet, ref, type Wallet } from "./bank-orders";
import type { BankJourney, BankPartner, BankRow } from "./types";
import { callbacks, expectSimulator, newTenant, oneCallback, sayNotApplicable, untouched } from "./world";

/**
 * The journeys every E-IBAN bank connector goes through against its simulator, on the run's production
 * server: the wallet configured with the admin CLI, the bank's notifications to /api/webhooks/bank (verified
 * with the wallet's own credentials, booked only onto that wallet), the statement poller, and withdrawals paid
 * out as transfers from the wallet.
 */

export const BANK_JOURNEY_TITLES: Record<BankJourney, string> = {
  configure:
    "configured on a wallet through the admin CLI: a wrong configuration refused by name, the secret masked, the balance read from the bank",
  incomingMatched:
    "incoming payment: booked onto the verifying wallet, the pending E-IBAN deposit it names completed, one signed callback",
  tampered: "tampered or forged notifications change nothing; the genuine one then applies",
  duplicate: "duplicate notification: booked once, one callback",
  foreignLine:
    "a line naming another wallet's account or transfer: refused, raised as foreign_bank_line, nothing booked or settled",
  lostNotification:
    "the statement poller books a payment whose notification never came and completes its deposit, once",
  transferPaid:
    "withdrawal paid out as a transfer: settled once by the notification and the statement line after it, one callback",
  transferRefused: "withdrawal transfer refused by the bank: failed with the bank's words, the reserved money released",
  transferUnknown:
    "transfer order without an answer: pending (never failed), sent again, one order at the bank, settled by the statement, paid once",
  replay: "a version 2 notification replayed byte for byte: refused, booked once",
};

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const walletRow = (id: number) => prisma.eibanWallet.findUniqueOrThrow({ where: { id } });
const statusOf = async (code: string) =>
  (await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } })).status;
const linesBooked = (reference: string) => prisma.eibanTransaction.count({ where: { externalId: reference } });
const foreignAlerts = (reference: string) =>
  prisma.alert.findMany({ where: { kind: "foreign_bank_line", details: { path: ["reference"], equals: reference } } });

export function bankConformance(name: BankConnectorName, r: BankRow): void {
  const connector = BANK_CONNECTORS[name];
  let partner: BankPartner;
  let elsewhere: BankPartner;
  const wallets = new Map<string, Wallet>();
  const baseUrl = () => inject("baseUrl");
  const webhook = () => `${baseUrl()}/api/webhooks/bank`;

  /** A dealer of its own with one wallet at `at` holding 1000.00 (saved as the CLI saves it); `impatient`: calls give up after 2 s. */
  async function wallet(kind: "main" | "foreign" | "impatient" = "main"): Promise<Wallet> {
    const known = wallets.get(kind);
    if (known) return known;
    const w = await openWallet(
      name,
      kind === "foreign" ? elsewhere : partner,
      kind === "impatient" ? { timeoutMs: 2000 } : {},
    );
    wallets.set(kind, w);
    return w;
  }

  const deposit = eibanDeposit;
  const payment = incomingPayment;
  const payout = eibanPayout;

  /** Runs the statement poller until the wallet's cursor has moved past every line the bank holds for it. */
  async function pollUntil(done: () => Promise<boolean>, what: string): Promise<void> {
    for (let i = 1; i <= 40 && !(await done()); i++) await pollBankStatements(later(i * 2 * MINUTE));
    expect(await done(), what).toBe(true);
  }

  /** Passes of the statement poller, each later than the last (so each wallet is due again). */
  async function pollPasses(n: number, from = 60): Promise<void> {
    for (let i = from; i < from + n; i++) await pollBankStatements(later(i * 2 * MINUTE));
  }

  const journey = (id: BankJourney, run: () => Promise<void>, timeout = 90_000) => {
    const reason = r.notApplicable?.[id];
    if (reason)
      it(`${BANK_JOURNEY_TITLES[id]}: not applicable (${reason})`, () => sayNotApplicable("bank", name, id, reason));
    else it(BANK_JOURNEY_TITLES[id], run, timeout);
  };

  describe(`bank connector ${name} (${r.simulator})`, () => {
    beforeAll(async () => {
      expectSimulator(r.simulator);
      partner = await r.start();
      elsewhere = await r.start();
    }, 120_000);
    afterEach(() => {
      partner?.reset();
      elsewhere?.reset();
    });
    afterAll(async () => {
      // The poller of other files reads every active wallet: these banks stop with the file.
      await prisma.eibanWallet.updateMany({
        where: { id: { in: [...wallets.values()].map((w) => w.id) } },
        data: { isActive: false },
      });
      await partner?.stop();
      await elsewhere?.stop();
    });

    journey(
      "configure",
      async () => {
        const tenant = await newTenant();
        const iban = newIban();
        partner.openAccount(iban, "2500.00");
        const good = partner.config();
        const wrong = partner.wrongConfig(good);
        const flags = [
          "eiban:add",
          "--dealer",
          String(tenant.dealer.id),
          "--iban",
          iban,
          "--bank",
          "Conformance Bank",
          "--holder",
          "Dealer Account",
          "--connector",
          name,
        ];
        const refused = await adminAsync(...flags, "--config", JSON.stringify(wrong.config));
        expect(refused.code, refused.stdout).toBe(2);
        for (const key of wrong.names) expect(refused.stderr).toContain(key);
        expect(await prisma.eibanWallet.count({ where: { iban } })).toBe(0);
        // The CLI reads the balance from the bank simulated in this process: run it without blocking the simulator.
        const added = await adminAsync(...flags, "--config", JSON.stringify(good));
        expect(added.code, added.stderr).toBe(0);
        for (const key of connector.secretKeys)
          if (typeof good[key] === "string") expect(added.stdout).not.toContain(good[key]);
        const row = await prisma.eibanWallet.findUniqueOrThrow({ where: { iban } });
        expect(row).toMatchObject({ connector: name });
        expect(row.balance.toFixed(2)).toBe("2500.00");
        expect(JSON.stringify(row.connectorConfig)).not.toContain(String(good.secret));
        await prisma.eibanWallet.update({ where: { id: row.id }, data: { isActive: false } });
      },
      120_000,
    );

    journey("incomingMatched", async () => {
      const w = await wallet();
      const code = await deposit(w);
      const before = (await walletRow(w.id)).balance;
      const p = payment(w, code);
      expect(await partner.incoming(p, webhook()).send()).toMatchObject({
        status: 200,
        json: { success: true, status: "recorded", booked: 1 },
      });
      expect(await statusOf(code)).toBe("completed");
      expect(await prisma.eibanTransaction.count({ where: { walletId: w.id, externalId: p.reference } })).toBe(1);
      expect((await walletRow(w.id)).balance.toFixed(2)).toBe(before.plus("500.00").toFixed(2));
      const [callback] = await (await callbacks()).forTrackingCode(code);
      expect(callback!.body).toMatchObject({ status: "completed", amount: 500 });
      expect(verifyAsReceiver(callback!, w.tenant.creds.apiKey, w.tenant.creds.secretKey)).toBe(true);
    });

    journey("tampered", async () => {
      const w = await wallet();
      const code = await deposit(w);
      const p = payment(w, code);
      const message = partner.incoming(p, webhook());
      for (const forgery of message.forgeries()) await forgery.deliver();
      await untouched(code, "showing");
      expect(await prisma.eibanTransaction.count({ where: { externalId: { startsWith: p.reference } } })).toBe(0);
      expect(await message.send()).toMatchObject({ status: 200, json: { booked: 1 } });
      expect(await statusOf(code)).toBe("completed");
    });

    journey("duplicate", async () => {
      const w = await wallet();
      const code = await deposit(w);
      const before = (await walletRow(w.id)).balance;
      const message = partner.incoming(payment(w, code), webhook());
      expect(await message.send()).toMatchObject({ status: 200, json: { booked: 1 } });
      expect(await message.send()).toMatchObject({ status: 200, json: { success: true, booked: 0 } });
      expect((await walletRow(w.id)).balance.toFixed(2)).toBe(before.plus("500.00").toFixed(2));
      await oneCallback(code);
    });

    journey("foreignLine", async () => {
      await wallet(); // the signer: a wallet at this bank, whose secret verifies what the bank sends
      const theirs = await wallet("foreign");
      const code = await deposit(theirs);
      const transfer = await payout(theirs, 60);
      const balance = (await walletRow(theirs.id)).balance.toFixed(2);
      const onTheirAccount = { ...payment(theirs, code), reference: ref("FOREIGN-IN") };
      expect(await partner.incoming(onTheirAccount, webhook()).send()).toMatchObject({
        status: 200,
        json: { success: true, status: "refused", booked: 0 },
      });
      const notice = partner.transferNotice(transfer.transferId, "completed", webhook());
      expect(await notice.send()).toMatchObject({ status: 200, json: { success: true, status: "refused", booked: 0 } });

      expect(await linesBooked(onTheirAccount.reference)).toBe(0);
      await untouched(code, "showing");
      expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: transfer.transferId } })).toMatchObject({
        status: "pending",
      });
      expect(await statusOf(transfer.code)).toBe("processing");
      expect((await walletRow(theirs.id)).balance.toFixed(2)).toBe(balance);
      expect(await foreignAlerts(onTheirAccount.reference)).toEqual([
        expect.objectContaining({
          kind: "foreign_bank_line",
          messageKey: "bankLineOtherAccount",
          message: expect.stringContaining(theirs.iban),
        }),
      ]);
      const { id: transferRowId } = await prisma.transfer.findUniqueOrThrow({
        where: { transferId: transfer.transferId },
      });
      expect(
        await prisma.alert.count({
          where: { kind: "foreign_bank_line", messageKey: "bankLineOtherTransfer", transferId: transferRowId },
        }),
      ).toBe(1);
    });

    journey("lostNotification", async () => {
      const w = await wallet();
      const code = await deposit(w);
      const p = payment(w, code);
      partner.incomingSilently(p);
      expect(await statusOf(code)).toBe("showing");
      await pollUntil(async () => (await linesBooked(p.reference)) === 1, "the statement's line booked");
      expect(await statusOf(code)).toBe("completed");
      await pollPasses(3);
      expect(await linesBooked(p.reference)).toBe(1);
      await oneCallback(code);
    });

    journey("transferPaid", async () => {
      const w = await wallet();
      const t = await payout(w);
      expect(t.bankReference).not.toBeNull();
      const before = (await walletRow(w.id)).balance;
      await partner.settleTransfer(w.iban, t.transferId, "completed", "notification", webhook());
      expect(await statusOf(t.code)).toBe("completed");
      await partner.settleTransfer(w.iban, t.transferId, "completed", "statement", webhook());
      await pollPasses(5);
      expect((await walletRow(w.id)).balance.toFixed(2)).toBe(before.minus("75.00").toFixed(2));
      expect(partner.transfersOf(t.transferId)).toBe(1);
      expect((await (await callbacks()).forTrackingCode(t.code))[0]!.body).toMatchObject({
        status: "completed",
        amount: 75,
      });
      await oneCallback(t.code);
    });

    journey("transferRefused", async () => {
      const w = await wallet();
      const before = await walletRow(w.id);
      const t = await payout(w, 40);
      await partner.settleTransfer(w.iban, t.transferId, "failed", "notification", webhook());
      const failed = await prisma.transaction.findUniqueOrThrow({ where: { trackingCode: t.code } });
      expect(failed.status).toBe("failed");
      expect(failed.errorMessage).toContain("ACCOUNT_CLOSED");
      const after = await walletRow(w.id);
      expect([after.balance.toFixed(2), after.availableBalance.toFixed(2)]).toEqual([
        before.balance.toFixed(2),
        before.availableBalance.toFixed(2),
      ]);
      await oneCallback(t.code);
    });

    journey("transferUnknown", async () => {
      const w = await wallet("impatient");
      const before = (await walletRow(w.id)).balance;
      partner.loseNextTransferAnswer();
      const t = await payout(w, 30);
      expect(t.bankReference).toBeNull();
      expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: t.transferId } })).toMatchObject({
        status: "pending",
        bankReference: null,
      });
      expect(await statusOf(t.code)).toBe("processing");
      // The housekeeping's resend: the bank finds the first order by our transfer id.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await resubmitUnsentTransfers(later(MINUTE));
      expect(
        (await prisma.transfer.findUniqueOrThrow({ where: { transferId: t.transferId } })).bankReference,
      ).not.toBeNull();
      await partner.settleTransfer(w.iban, t.transferId, "completed", "statement", webhook());
      await pollUntil(async () => (await statusOf(t.code)) === "completed", "the transfer settled by the statement");
      expect(partner.transfersOf(t.transferId)).toBe(1);
      expect((await walletRow(w.id)).balance.toFixed(2)).toBe(before.minus("30.00").toFixed(2));
      await oneCallback(t.code);
    });

    journey("replay", async () => {
      const w = await wallet();
      const p = { ...payment(w, "no deposit", "12.34"), description: "top up" };
      const message = partner.incoming(p, webhook());
      expect(await message.send()).toMatchObject({ status: 200, json: { booked: 1 } });
      await message.replay();
      expect(await linesBooked(p.reference)).toBe(1);
    });
  });
}
