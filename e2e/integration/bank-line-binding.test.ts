import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { addEibanWallet } from "@/lib/domain/eiban/add-eiban-wallet";
import { pollBankStatements } from "@/lib/domain/eiban/poll-bank-statements";
import { sealBankConfig } from "@/lib/domain/transfers/wallet-bank";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";
import { startBankSimulator } from "../simulators/http-partner/bank";
import { v2Headers } from "../simulators/http-partner/server";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { signedRequest } from "../support/signed-request";
import { runsJobsForEveryRow } from "../support/time-travel-lock";

// Runs the status inquiry or the statement poller for every open row at a later time: one such file at a time.
runsJobsForEveryRow();

/**
 * issue 38, HIGH 1: a bank message is booked only onto the wallet whose credentials verified it. Each dealer's
 * wallet is reached through its own bank partner (the http-partner bank simulator, its own secret); dealer A's
 * partner then names dealer B's account or transfer, by notification and on A's statement.
 */
const baseUrl = inject("baseUrl");
const WEBHOOK = `${baseUrl}/api/webhooks/bank`;
const SENDER = "TR330006100519786457841326";
const MINUTE = 60_000;
const customer = { user_id: "u-38", username: "ayse", fullname: "Ayşe Kaya" };
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(async () => {
  for (const close of closers) await close();
  await receiver.close();
});

const newIban = () =>
  ibanFromBban("TR", `00829${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
const ref = (prefix: string) => `${prefix}-${randomCodeGroup(10)}`;
const now = () => new Date().toISOString();

/** A dealer whose E-IBAN wallet is reached through a bank partner of its own (a simulator with its own secret). */
async function dealerWithOwnBank(simulator: Parameters<typeof startBankSimulator>[2] = {}) {
  const t = await createTenant({ callbackUrl: receiver.url });
  const iban = newIban();
  const secret = `bank-secret-${randomCodeGroup(12)}`;
  const bank = await startBankSimulator(secret, { [iban]: "1000.00" }, simulator);
  closers.push(bank.close);
  const config: SealedConfig = sealBankConfig("http-partner", { baseUrl: bank.url, secret });
  const added = await addEibanWallet(
    { dealerId: t.dealer.id, iban, bankName: "Partner Bank", accountName: "Dealer Account" },
    { label: "test" },
    undefined,
    { connector: "http-partner", config },
  );
  return { t, iban, secret, bank, walletId: added.id, wallet: added.wallet_id };
}

const walletRow = (id: number) => prisma.eibanWallet.findUniqueOrThrow({ where: { id } });
const linesOn = (walletId: number, reference: string) =>
  prisma.eibanTransaction.count({ where: { walletId, externalId: reference } });
const alertsFor = (reference: string) =>
  prisma.alert.findMany({ where: { kind: "foreign_bank_line", details: { path: ["reference"], equals: reference } } });
const incoming = (iban: string, reference: string, amount: string, description = "top up") => ({
  type: "incoming",
  reference,
  iban,
  amount,
  senderName: "Ali Veli",
  senderIban: SENDER,
  description,
  occurredAt: now(),
});

/** A transfer from the dealer's wallet through the dealer API; its bank (a simulator) takes it and waits. */
async function sendMoney(d: Awaited<ReturnType<typeof dealerWithOwnBank>>, amount: string) {
  const res = await signedRequest(baseUrl, "/api/dealer/send-money", d.t.dealerCreds, {
    body: { wallet_id: d.wallet, recipient_iban: SENDER, recipient_name: "Ali Veli", amount },
  });
  expect(res.status).toBe(200);
  const transferId = String((res.json.transfer as Record<string, string>).transfer_id);
  await expect
    .poll(async () => (await prisma.transfer.findUniqueOrThrow({ where: { transferId } })).bankReference, {
      timeout: 15_000,
    })
    .not.toBeNull();
  return transferId;
}

/** Reads the dealer's statement until the poller has stored the cursor after `lines` lines (the test's poller, or the server's). */
async function pollUntilRead(d: Awaited<ReturnType<typeof dealerWithOwnBank>>, lines: number) {
  for (let i = 1; i <= 30 && (await walletRow(d.walletId)).statementCursor !== String(lines); i++)
    await pollBankStatements(new Date(Date.now() + i * 2 * MINUTE));
  expect((await walletRow(d.walletId)).statementCursor).toBe(String(lines));
}

describe("a bank notification verified with dealer A's wallet secret", () => {
  it("books a payment on A's wallet; one naming dealer B's account books nothing on B, leaves B's deposit open and raises an alert", async () => {
    const a = await dealerWithOwnBank();
    const b = await dealerWithOwnBank();
    const deposit = await callWithSite("/api/provider/start-eiban-deposit", b.t.creds, b.t.site.credential_key, {
      ...customer,
      amount: 500,
    });
    expect(deposit.status).toBe(200);
    const trackingCode = String((deposit.json.data as Record<string, string>).tracking_code);

    const own = ref("A-IN");
    expect(await a.bank.notify(WEBHOOK, incoming(a.iban, own, "42.00"))).toMatchObject({
      status: 200,
      json: { success: true, status: "recorded", booked: 1 },
    });
    expect(await linesOn(a.walletId, own)).toBe(1);

    const foreign = ref("A-IN");
    const answer = await a.bank.notify(WEBHOOK, incoming(b.iban, foreign, "500.00", `payment ${trackingCode}`));
    expect(answer).toMatchObject({ status: 200, json: { success: true, status: "refused", booked: 0 } });
    expect(await prisma.eibanTransaction.count({ where: { externalId: foreign } })).toBe(0);
    expect((await walletRow(b.walletId)).balance.toFixed(2)).toBe("1000.00");
    expect((await prisma.transaction.findUniqueOrThrow({ where: { trackingCode } })).status).toBe("showing");
    expect(await prisma.callbackDelivery.count({ where: { trackingCode } })).toBe(0);
    expect(await alertsFor(foreign)).toEqual([
      expect.objectContaining({
        kind: "foreign_bank_line",
        dealerId: null,
        messageKey: "bankLineOtherAccount",
        message: expect.stringContaining(b.iban),
      }),
    ]);
    expect((await walletRow(a.walletId)).balance.toFixed(2)).toBe("1042.00");
  });

  it("settles A's own transfer; a transfer.completed naming B's transfer settles nothing and raises an alert", async () => {
    const a = await dealerWithOwnBank();
    const b = await dealerWithOwnBank();
    const theirs = await sendMoney(b, "300.00");
    const mine = await sendMoney(a, "20.00");

    const forged = ref("A-OUT");
    const answer = await a.bank.notify(WEBHOOK, {
      type: "transfer.completed",
      clientRef: theirs,
      reference: forged,
      occurredAt: now(),
    });
    expect(answer).toMatchObject({ status: 200, json: { success: true, status: "refused", booked: 0 } });
    expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: theirs } })).toMatchObject({
      status: "pending",
    });
    expect((await walletRow(b.walletId)).balance.toFixed(2)).toBe("1000.00");
    const [alert] = await alertsFor(forged);
    expect(alert).toMatchObject({
      messageKey: "bankLineOtherTransfer",
      transferId: (await prisma.transfer.findUniqueOrThrow({ where: { transferId: theirs } })).id,
    });

    const settled = await a.bank.notify(WEBHOOK, {
      type: "transfer.completed",
      clientRef: mine,
      reference: ref("A-OUT"),
      occurredAt: now(),
    });
    expect(settled).toMatchObject({ status: 200, json: { success: true, status: "settled", booked: 1 } });
    expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: mine } })).toMatchObject({
      status: "completed",
    });
  });
});

describe("the statement poller reading dealer A's wallet", () => {
  it("books A's own line; a line naming B's account and an outgoing line naming B's transfer are refused and raised", async () => {
    const a = await dealerWithOwnBank();
    const b = await dealerWithOwnBank();
    const theirs = await sendMoney(b, "250.00");
    const own = ref("ST-IN");
    const foreignIn = ref("ST-IN");
    const foreignOut = ref("ST-OUT");
    const line = {
      counterpartyName: "Ali Veli",
      counterpartyIban: SENDER,
      description: "statement",
      occurredAt: now(),
    };
    a.bank.addLine(a.iban, { ...line, reference: own, direction: "incoming", amount: "15.00" });
    a.bank.addLine(a.iban, { ...line, reference: foreignIn, direction: "incoming", amount: "700.00", iban: b.iban });
    a.bank.addLine(a.iban, {
      ...line,
      reference: foreignOut,
      direction: "outgoing",
      amount: "250.00",
      clientRef: theirs,
      status: "completed",
    });
    await pollUntilRead(a, 3);

    expect(await linesOn(a.walletId, own)).toBe(1);
    expect(await prisma.eibanTransaction.count({ where: { externalId: { in: [foreignIn, foreignOut] } } })).toBe(0);
    expect((await walletRow(b.walletId)).balance.toFixed(2)).toBe("1000.00");
    expect((await walletRow(a.walletId)).balance.toFixed(2)).toBe("1015.00");
    expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: theirs } })).toMatchObject({
      status: "pending",
    });
    expect((await alertsFor(foreignIn)).map((x) => x.messageKey)).toEqual(["bankLineOtherAccount"]);
    expect((await alertsFor(foreignOut)).map((x) => x.messageKey)).toEqual(["bankLineOtherTransfer"]);
  });
});

describe("a statement the bank did not sign for our request", () => {
  it("books nothing, keeps the cursor and raises it for the dealer's staff, unsigned or signed with another secret", async () => {
    for (const answerSigning of ["none", { secret: "someone-else-0123456789" }] as const) {
      const d = await dealerWithOwnBank({ answerSigning });
      const reference = ref("ST-UNSIGNED");
      d.bank.addLine(d.iban, {
        reference,
        direction: "incoming",
        amount: "40.00",
        counterpartyName: "Ali Veli",
        counterpartyIban: SENDER,
        description: "statement",
        occurredAt: now(),
      });
      const raised = () =>
        prisma.alert.findMany({ where: { kind: "partner_answer_mismatch", dealerId: d.t.dealer.id } });
      for (let i = 1; i <= 30 && (await raised()).length === 0; i++)
        await pollBankStatements(new Date(Date.now() + i * 2 * MINUTE));
      expect((await raised()).map((a) => a.messageKey)).toEqual(["statementUnsigned"]);
      expect(await linesOn(d.walletId, reference)).toBe(0);
      expect(await walletRow(d.walletId)).toMatchObject({ statementCursor: null });
      expect((await walletRow(d.walletId)).balance.toFixed(2)).toBe("1000.00");
    }
  });
});

describe("the sandbox bank's shared secret", () => {
  it("books onto a wallet without a connector (the sandbox's) and never onto a wallet with a connector of its own", async () => {
    const sharedSecret = process.env.BANK_WEBHOOK_SECRET!;
    const t = await createTenant();
    const sandboxIban = newIban();
    const sandboxWallet = await addFundedWallet({ dealerId: t.dealer.id, iban: sandboxIban, balance: "100.00" });
    const real = await dealerWithOwnBank();
    const transfer = await sendMoney(real, "30.00");
    const post = (body: Record<string, unknown>) => {
      const raw = JSON.stringify(body);
      return real.bank.post(WEBHOOK, raw, v2Headers(sharedSecret, WEBHOOK, raw));
    };

    const mine = ref("SBX-IN");
    expect(await post(incoming(sandboxIban, mine, "10.00"))).toMatchObject({
      status: 200,
      json: { success: true, status: "recorded", booked: 1 },
    });
    expect(await linesOn(sandboxWallet.id, mine)).toBe(1);

    const onReal = ref("SBX-IN");
    expect(await post(incoming(real.iban, onReal, "900.00"))).toMatchObject({
      status: 200,
      json: { status: "refused", booked: 0 },
    });
    expect(await prisma.eibanTransaction.count({ where: { externalId: onReal } })).toBe(0);
    expect(await alertsFor(onReal)).toEqual([
      expect.objectContaining({ source: "sandbox bank", messageKey: "bankLineOtherAccount" }),
    ]);

    const settle = ref("SBX-OUT");
    expect(
      await post({ type: "transfer.completed", clientRef: transfer, reference: settle, occurredAt: now() }),
    ).toMatchObject({ status: 200, json: { status: "refused" } });
    expect(await prisma.transfer.findUniqueOrThrow({ where: { transferId: transfer } })).toMatchObject({
      status: "pending",
    });
    expect((await alertsFor(settle)).map((x) => x.messageKey)).toEqual(["bankLineOtherTransfer"]);
    expect((await walletRow(real.walletId)).balance.toFixed(2)).toBe("1000.00");
  });
});
