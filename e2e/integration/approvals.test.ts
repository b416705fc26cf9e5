import { execFile } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval } from "@/lib/domain/approvals/second-approval";
import { longStandingAdmin } from "../support/second-admin";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { changeDepositAmount, customerDecision } from "@/lib/domain/customers/customer-actions";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { startCallbackReceiver, verifyAsReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";

const IBAN = "TR330006100519786457841326";
const customer = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-7" };
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
});
afterAll(() => receiver.close());

async function setup() {
  const t = await createTenant({ callbackUrl: receiver.url });
  await addBankAccount(
    {
      dealerId: t.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban: ibanFromBban("TR", `00010${unique()}0`),
      minAmount: "1",
      maxAmount: "50000",
    },
    { label: "test" },
  );
  const walletIban = ibanFromBban("TR", `00829${unique()}0`);
  await addFundedWallet({
    dealerId: t.dealer.id,
    iban: walletIban,
    bankName: "Sandbox E-Bank",
    accountName: "Dealer E-IBAN",
    balance: "1000.00",
  });
  return { ...t, walletIban };
}

async function create(t: Awaited<ReturnType<typeof setup>>, path: string, body: Record<string, unknown>) {
  const res = await callWithSite(path, t.creds, t.site.credential_key, { ...customer, ...body });
  expect(res.status).toBe(200);
  const code = String((res.json.data as Record<string, unknown>).tracking_code);
  return prisma.transaction.findUniqueOrThrow({ where: { trackingCode: code } });
}

const staff = { label: "ops@test", userId: undefined };

describe("deposit approval", () => {
  it("20 simultaneous approvals of one deposit: exactly one completes it, with one callback carrying the approved amount", async () => {
    const t = await setup();
    const deposit = await create(t, "/api/provider/start-manual-deposit", { amount: 500 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => approveDeposit(deposit.id, staff, "500.00")),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusals = results
      .filter((r): r is PromiseRejectedResult => r.status === "rejected")
      .map((r) => (r.reason as { code?: string; message?: string }).code ?? String(r.reason));
    expect(refusals).toEqual(Array(19).fill("INVALID_TRANSITION"));
    const [callback] = await receiver.forTrackingCode(deposit.trackingCode);
    expect(callback!.body).toMatchObject({ status: "completed", amount: 500 });
    expect(verifyAsReceiver(callback!, t.creds.apiKey, t.creds.secretKey)).toBe(true);
    expect(await prisma.callbackDelivery.count({ where: { transactionId: deposit.id } })).toBe(1);
    const history = await prisma.transactionEvent.findMany({
      where: { transactionId: deposit.id },
      orderBy: { id: "asc" },
    });
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, "showing"],
      ["showing", "completed"],
    ]);
  });

  it("the customer's page actions: change the amount, confirm sending (pending), or cancel (canceled callback)", async () => {
    const t = await setup();
    const a = await create(t, "/api/provider/start-manual-deposit", { amount: 100 });
    await changeDepositAmount(a.paymentToken!, "250.00");
    await customerDecision(a.paymentToken!, "sent");
    expect(await prisma.transaction.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: "pending" });
    await expect(changeDepositAmount(a.paymentToken!, "300.00")).rejects.toMatchObject({ code: "CONFLICT" });
    const b = await create(t, "/api/provider/start-manual-deposit", { amount: 100 });
    await customerDecision(b.paymentToken!, "cancel");
    const [callback] = await receiver.forTrackingCode(b.trackingCode);
    expect(callback!.body).toMatchObject({ status: "canceled", amount: 100 });
  });

  it("a deposit still showing at expires_at is expired by the job runner, with its callback", async () => {
    const t = await setup();
    const d = await create(t, "/api/provider/start-manual-deposit", { amount: 42 });
    await prisma.transaction.update({ where: { id: d.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const [callback] = await receiver.forTrackingCode(d.trackingCode);
    expect(callback!.body).toMatchObject({ status: "expired", amount: 42 });
  });
});

describe("E-IBAN matching and execution", () => {
  it("an incoming payment with the tracking code completes the E-IBAN deposit automatically", async () => {
    const t = await setup();
    const d = await create(t, "/api/provider/start-eiban-deposit", { amount: 320.5 });
    await simulateIncomingPayment({
      iban: t.walletIban,
      amount: "320.50",
      senderName: "Someone Else",
      senderIban: IBAN,
      description: `payment ${d.trackingCode}`,
    });
    const [callback] = await receiver.forTrackingCode(d.trackingCode);
    expect(callback!.body).toMatchObject({ status: "completed", amount: 320.5 });
  });

  it("matches on the sender's name when the amount is the same, but not when the amount differs", async () => {
    const t = await setup();
    const d = await create(t, "/api/provider/start-eiban-deposit", { amount: 75 });
    await simulateIncomingPayment({
      iban: t.walletIban,
      amount: "70.00",
      senderName: "AYŞE KAYA",
      senderIban: IBAN,
      description: "",
    });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: d.id } })).status).toBe("showing");
    await simulateIncomingPayment({
      iban: t.walletIban,
      amount: "75.00",
      senderName: "ayşe  kaya",
      senderIban: IBAN,
      description: "",
    });
    await expect
      .poll(async () => (await prisma.transaction.findUniqueOrThrow({ where: { id: d.id } })).status)
      .toBe("completed");
  });

  it("approving an E-IBAN withdrawal sends it through the bank once; the bank's settlement completes it", async () => {
    const t = await setup();
    const w = await create(t, "/api/provider/start-eiban-withdraw", { iban: IBAN, amount: 120 });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => sendEibanWithdrawal(w.id, staff)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [callback] = await receiver.forTrackingCode(w.trackingCode);
    expect(callback!.body).toMatchObject({ status: "completed", amount: 120, iban: IBAN });
    const wallet = await prisma.eibanWallet.findFirstOrThrow({ where: { dealerId: t.dealer.id } });
    expect([wallet.balance.toFixed(2), wallet.availableBalance.toFixed(2)]).toEqual(["880.00", "880.00"]);
    expect(await prisma.transfer.count({ where: { transactionId: w.id } })).toBe(1);
  });

  it("a withdrawal the bank refuses fails, with a failed callback", async () => {
    const t = await setup();
    const w = await create(t, "/api/provider/start-eiban-withdraw", {
      iban: IBAN,
      amount: 50,
      fullname: "REJECT Closed",
    });
    await sendEibanWithdrawal(w.id, staff);
    const [callback] = await receiver.forTrackingCode(w.trackingCode);
    expect(callback!.body).toMatchObject({ status: "failed" });
  });
});

describe("manual withdrawals", () => {
  it("take, then pay out; reject; fail: each with its callback, and staff of another dealer cannot touch them", async () => {
    const t = await setup();
    const paid = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 60 });
    await expect(
      processWithdrawal(paid.id, "take", { ...staff, dealerId: t.dealer.id + 100000 }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await processWithdrawal(paid.id, "take", { ...staff, dealerId: t.dealer.id });
    await expect(processWithdrawal(paid.id, "take", staff)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await processWithdrawal(paid.id, "complete", staff);
    expect((await receiver.forTrackingCode(paid.trackingCode))[0]!.body).toMatchObject({
      status: "completed",
      iban: IBAN,
    });
    const rejected = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 61 });
    // Rejecting is a decision on a taken withdrawal: straight from pending it is refused (shared decisions §5).
    await expect(processWithdrawal(rejected.id, "reject", staff, "name does not match")).rejects.toMatchObject({
      code: "INVALID_TRANSITION",
    });
    await processWithdrawal(rejected.id, "take", staff);
    await processWithdrawal(rejected.id, "reject", staff, "name does not match");
    expect((await receiver.forTrackingCode(rejected.trackingCode))[0]!.body).toMatchObject({ status: "rejected" });
    const failed = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 62 });
    await expect(processWithdrawal(failed.id, "fail", staff)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await processWithdrawal(failed.id, "take", staff);
    await processWithdrawal(failed.id, "fail", staff, "bank returned it");
    expect((await receiver.forTrackingCode(failed.trackingCode))[0]!.body).toMatchObject({ status: "failed" });
  });

  it("CLI transaction:approve and transaction:reject", async () => {
    const t = await setup();
    const d = await create(t, "/api/provider/start-manual-deposit", { amount: 90 });
    const w = await create(t, "/api/provider/start-manual-withdraw", { iban: IBAN, amount: 30 });
    // Asynchronous, so this process's callback receiver keeps answering while the CLI runs.
    const cli = (...args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          path.join("node_modules", ".bin", "tsx"),
          ["scripts/admin.ts", ...args],
          { env: process.env },
          (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        ),
      );
    // A differing amount is proposed by the CLI and completed when a console admin confirms it (four eyes).
    const approved = await cli("transaction:approve", d.trackingCode, "--amount", "89.5", "--reason", "fee");
    expect(approved.status).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({
      tracking_code: d.trackingCode,
      status: "showing",
      awaiting_second_approval: true,
      proposed_amount: "89.50",
    });
    const proposal = await prisma.secondApproval.findUniqueOrThrow({ where: { openFor: d.id } });
    expect((await confirmSecondApproval(proposal.id, await longStandingAdmin())).finalAmount?.toFixed(2)).toBe("89.50");
    const rejected = await cli("transaction:reject", w.trackingCode, "--reason", "duplicate");
    expect(JSON.parse(rejected.stdout)).toMatchObject({ tracking_code: w.trackingCode, status: "rejected" });
    expect((await cli("transaction:approve", d.trackingCode)).stderr).toContain("cannot become completed");
    expect((await cli("transaction:approve", "MAN-NOPE-1")).status).toBe(2);
    expect((await receiver.forTrackingCode(d.trackingCode))[0]!.body).toMatchObject({ amount: 89.5 });
    // Five CLI processes, each starting tsx: slow on a busy machine.
  }, 120_000);
});
