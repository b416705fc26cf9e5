import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { approveByCode } from "@/lib/domain/approvals/approve-by-code";
import { processWithdrawal } from "@/lib/domain/approvals/process-withdrawal";
import { confirmSecondApproval, declineSecondApproval } from "@/lib/domain/approvals/second-approval";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import { applyAcquirerOutcome } from "@/lib/domain/cards/apply-acquirer-outcome";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { confirmCardRefund, declineCardRefund } from "@/lib/domain/cards/second-card-refund";
import { moneyOutNeedsFourEyes } from "@/lib/domain/transactions/four-eyes";
import { approveHeldTransfer, confirmHeldTransfer, declineHeldTransfer } from "@/lib/domain/transfers/held-transfers";
import { resubmitUnsentTransfers } from "@/lib/domain/transfers/submit-transfer";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { startCallbackReceiver } from "../support/callback-receiver";
import { addFundedWallet, createTenant } from "../support/fixtures";
import { chargedAtSandboxAcquirer } from "../support/sandbox-acquirer";
import { signedRequest } from "../support/signed-request";
import { longStandingAdmin } from "../support/second-admin";
import { insertTransaction } from "../support/transactions";

/**
 * Four eyes on money out (FOUR_EYES_MONEY_OUT_ABOVE, 10000.00 by default): one admin alone no longer pays out a
 * large withdrawal. Marking a manual withdrawal paid, and sending an E-IBAN withdrawal, above the limit is a proposal:
 * nothing is paid, reserved, sent or called back until an eligible admin other than the proposer confirms it.
 */
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
let adminA: Staff;
let adminB: Staff;
const uniqueDigits = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  adminA = await longStandingAdmin("ayse.payout");
  adminB = await longStandingAdmin("burak.payout");
});
afterAll(() => receiver.close());

const tenant = () => createTenant({ callbackUrl: receiver.url });
const manualWithdrawal = (t: Awaited<ReturnType<typeof tenant>>, amount: string) =>
  insertTransaction(t, {
    direction: "WITHDRAWAL",
    amount,
    iban: "TR330006100519786457841326",
    recipientName: "Ayşe Kaya",
  });
const look = async (id: number) => ({
  status: (await prisma.transaction.findUniqueOrThrow({ where: { id } })).status,
  deliveries: await prisma.callbackDelivery.count({ where: { transactionId: id } }),
  open: await prisma.secondApproval.findUnique({ where: { openFor: id } }),
});

describe("the limit", () => {
  it("is above 10000.00 by default: 10000.00 is paid by one admin, 10000.01 needs two", () => {
    expect(moneyOutNeedsFourEyes("10000.00")).toBe(false);
    expect(moneyOutNeedsFourEyes("10000.01")).toBe(true);
    expect(moneyOutNeedsFourEyes("0.01", "0.00")).toBe(true);
  });
});

describe("a manual withdrawal marked paid", () => {
  it("above the limit is a proposal; the proposer cannot confirm it; a second admin's confirmation pays it, once", async () => {
    const t = await tenant();
    const w = await manualWithdrawal(t, "15000.00");
    expect((await processWithdrawal(w.id, "take", adminA)).outcome).toBe("applied");
    const proposed = await processWithdrawal(w.id, "complete", adminA);
    expect(proposed.outcome).toBe("proposed");
    const held = await look(w.id);
    expect(held).toMatchObject({ status: "processing", deliveries: 0 });
    expect(held.open?.toStatus).toBe("completed");
    expect(held.open?.amount.toFixed(2)).toBe("15000.00");
    // Marking it paid again is the same proposal, not a second one; the proposer cannot be the second person.
    await expect(processWithdrawal(w.id, "complete", adminA)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(confirmSecondApproval(held.open!.id, adminA)).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    expect((await look(w.id)).status).toBe("processing");
    const done = await confirmSecondApproval(held.open!.id, adminB);
    expect(done.status).toBe("completed");
    expect(await look(w.id)).toMatchObject({ status: "completed", deliveries: 1, open: null });
    const audit = await prisma.auditLog.findMany({ where: { entityType: "transaction", entityId: String(w.id) } });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["transaction.second_approval_requested"]));
  });

  it("at or below the limit is paid by one admin, and dealer staff's payout above it waits for an admin", async () => {
    const t = await tenant();
    const small = await manualWithdrawal(t, "10000.00");
    await processWithdrawal(small.id, "take", adminA);
    expect((await processWithdrawal(small.id, "complete", adminA)).outcome).toBe("applied");
    expect((await look(small.id)).status).toBe("completed");

    const staff = { label: "staff@payout.test", dealerId: t.dealer.id };
    const large = await manualWithdrawal(t, "12500.50");
    await processWithdrawal(large.id, "take", staff);
    expect((await processWithdrawal(large.id, "complete", staff)).outcome).toBe("proposed");
    const open = (await look(large.id)).open!;
    await expect(confirmSecondApproval(open.id, staff)).rejects.toBeTruthy();
    // Declined: nothing is paid; it can be proposed again, and then confirmed.
    await declineSecondApproval(open.id, adminA, "not on the bank statement yet");
    expect(await look(large.id)).toMatchObject({ status: "processing", deliveries: 0, open: null });
    expect((await processWithdrawal(large.id, "complete", adminA)).outcome).toBe("proposed");
    await confirmSecondApproval((await look(large.id)).open!.id, adminB);
    expect((await look(large.id)).status).toBe("completed");
  });

  it("through the admin CLI: a pending one is taken and its payment proposed, never paid by the CLI alone", async () => {
    const t = await tenant();
    const w = await manualWithdrawal(t, "20000.00");
    const result = await approveByCode(w.trackingCode, { label: "cli", viaCli: true });
    expect("outcome" in result && result.outcome).toBe("proposed");
    expect(await look(w.id)).toMatchObject({ status: "processing", deliveries: 0 });
    await confirmSecondApproval((await look(w.id)).open!.id, adminB);
    expect((await look(w.id)).status).toBe("completed");
  });
});

describe("an E-IBAN withdrawal sent", () => {
  it("above the limit is a proposal that reserves and sends nothing; the second admin's confirmation sends it", async () => {
    const t = await tenant();
    const wallet = await addFundedWallet({
      dealerId: t.dealer.id,
      iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
      balance: "50000.00",
    });
    const w = await insertTransaction(t, {
      method: "EIBAN",
      direction: "WITHDRAWAL",
      amount: "15000.00",
      iban: "TR330006100519786457841326",
      recipientName: "Ayşe Kaya",
    });
    const proposed = await sendEibanWithdrawal(w.id, adminA);
    expect(proposed.proposed).toBe(true);
    expect(await look(w.id)).toMatchObject({ status: "pending", deliveries: 0 });
    expect(await prisma.transfer.count({ where: { transactionId: w.id } })).toBe(0);
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).availableBalance.toFixed(2)).toBe(
      "50000.00",
    );
    await confirmSecondApproval((await look(w.id)).open!.id, adminB);
    const transfer = await prisma.transfer.findUniqueOrThrow({ where: { transactionId: w.id } });
    expect(transfer.amount.toFixed(2)).toBe("15000.00");
    expect((await look(w.id)).status).not.toBe("pending");
    expect((await prisma.eibanWallet.findUniqueOrThrow({ where: { id: wallet.id } })).availableBalance.toFixed(2)).toBe(
      "35000.00",
    );
  });
});

describe("a card refund", () => {
  async function paidCard(amount: string) {
    const t = await tenant();
    const orderId = `ORD-${randomCodeGroup(10)}`;
    const card = await insertTransaction(t, { method: "CREDIT_CARD", direction: "PAYMENT", amount, orderId });
    await chargedAtSandboxAcquirer(orderId);
    const paid = { status: "approved" as const, amount, partnerReference: null, authCode: "T35T" };
    expect(await applyAcquirerOutcome(orderId, paid)).toBe("applied");
    return card;
  }
  const refunds = (id: number) =>
    prisma.cardRefund.findMany({ where: { transactionId: id }, orderBy: { id: "asc" }, select: { status: true } });

  it("above the limit is proposed, holds its amount and reaches the acquirer only with a second admin", async () => {
    const card = await paidCard("20000.00");
    const proposed = await refundCardPayment(card.id, adminA, "customer returned the goods", "15000.00");
    expect(proposed).toMatchObject({ status: "proposed", amount: "15000.00", refundedTotal: "0.00" });
    const [refund] = await prisma.cardRefund.findMany({ where: { transactionId: card.id } });
    expect(refund).toMatchObject({ status: "proposed", attempts: 0, sentAt: null });
    // Nothing else is refunded meanwhile: the proposal holds its amount and the payment's one open refund.
    await expect(refundCardPayment(card.id, adminB, "and more", "100.00")).rejects.toMatchObject({
      code: "CONFLICT",
    });
    // The proposer, dealer staff and the CLI cannot be the second person.
    for (const who of [adminA, { label: "staff@payout.test", dealerId: card.dealerId }, { label: "cli", viaCli: true }])
      await expect(confirmCardRefund(refund!.refundId, who)).rejects.toBeTruthy();
    expect(await refunds(card.id)).toEqual([{ status: "proposed" }]);
    const done = await confirmCardRefund(refund!.refundId, adminB);
    expect(done).toMatchObject({ status: "success", amount: "15000.00", refundedTotal: "15000.00" });
    expect(await refunds(card.id)).toEqual([{ status: "approved" }]);
    await expect(confirmCardRefund(refund!.refundId, adminB)).rejects.toMatchObject({ code: "CONFLICT" });
    // What is left, below the limit, is refunded by one admin at once.
    const rest = await refundCardPayment(card.id, adminA, "the rest");
    expect(rest).toMatchObject({ amount: "5000.00", fullyRefunded: true });
  });

  it("declined, sends nothing and frees its amount", async () => {
    const card = await paidCard("12000.00");
    await refundCardPayment(card.id, adminA, "asked twice by mistake");
    const [refund] = await prisma.cardRefund.findMany({ where: { transactionId: card.id } });
    expect(refund!.status).toBe("proposed");
    await declineCardRefund(refund!.refundId, adminA, "withdrawn: proposed by mistake");
    expect(await refunds(card.id)).toEqual([{ status: "declined" }]);
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: card.id } })).status).toBe("success");
    expect((await refundCardPayment(card.id, adminA, "the real one", "50.00")).refundedTotal).toBe("50.00");
  });
});

describe("a dealer's transfer (send-money)", () => {
  const baseUrl = inject("baseUrl");
  async function walletOf() {
    const t = await tenant();
    const wallet = await addFundedWallet({
      dealerId: t.dealer.id,
      iban: ibanFromBban("TR", `00829${uniqueDigits()}0`),
      balance: "60000.00",
    });
    return { t, wallet };
  }
  const send = async (w: Awaited<ReturnType<typeof walletOf>>, amount: string) => {
    const res = await signedRequest(baseUrl, "/api/dealer/send-money", w.t.dealerCreds, {
      body: {
        wallet_id: w.wallet.wallet_id,
        recipient_iban: "TR330006100519786457841326",
        recipient_name: "Ali Veli",
        amount,
      },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const transfer = res.json.transfer as Record<string, string>;
    expect(transfer.status).toBe("pending");
    return prisma.transfer.findUniqueOrThrow({ where: { transferId: transfer.transfer_id! } });
  };
  const available = async (id: number) =>
    (await prisma.eibanWallet.findUniqueOrThrow({ where: { id } })).availableBalance.toFixed(2);

  it("above the limit is reserved and held from the bank until one admin approves and another confirms", async () => {
    const w = await walletOf();
    const held = await send(w, "25000.00");
    expect(held).toMatchObject({ awaitingApproval: true, bankReference: null });
    expect(await available(w.wallet.id)).toBe("35000.00");
    // The housekeeping's resend of unacknowledged transfers leaves it alone.
    await resubmitUnsentTransfers(new Date(Date.now() + 60_000), 0);
    expect((await prisma.transfer.findUniqueOrThrow({ where: { id: held.id } })).bankReference).toBeNull();
    // Confirming before a first approval, dealer staff and the CLI are refused; the approver cannot confirm.
    await expect(confirmHeldTransfer(held.transferId, adminB)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      approveHeldTransfer(held.transferId, { label: "staff", dealerId: w.t.dealer.id }),
    ).rejects.toBeTruthy();
    await expect(approveHeldTransfer(held.transferId, { label: "cli", viaCli: true })).rejects.toBeTruthy();
    await approveHeldTransfer(held.transferId, adminA);
    await expect(approveHeldTransfer(held.transferId, adminB)).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(confirmHeldTransfer(held.transferId, adminA)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await prisma.transfer.findUniqueOrThrow({ where: { id: held.id } })).bankReference).toBeNull();
    expect(await confirmHeldTransfer(held.transferId, adminB)).not.toBeNull();
    expect(await prisma.transfer.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      awaitingApproval: false,
    });
    await expect(confirmHeldTransfer(held.transferId, adminB)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("at the limit goes to the bank at once; above it, declined, is cancelled and its amount is free again", async () => {
    const w = await walletOf();
    const small = await send(w, "10000.00");
    expect(small.awaitingApproval).toBe(false);
    const held = await send(w, "10000.01");
    expect(held.awaitingApproval).toBe(true);
    await declineHeldTransfer(held.transferId, adminA, "the dealer asked to stop it");
    expect(await prisma.transfer.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "cancelled",
      bankReference: null,
    });
    expect(await available(w.wallet.id)).toBe("50000.00");
  });
});
