import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval, declineSecondApproval } from "@/lib/domain/approvals/second-approval";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { expireTransaction } from "@/lib/domain/jobs/expire-transactions";
import { staffActor } from "@/lib/domain/transactions/transition-actor";
import { transitionTransaction } from "@/lib/domain/transactions/transition-transaction";
import { encryptSecret } from "@/lib/base/crypto/secret-box";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { CONSOLE_MESSAGES } from "@/lib/edge/i18n/console/messages";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { admin as cli } from "../support/admin-cli";
import { startCallbackReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { callWithSite } from "../support/provider-calls";
import { insertTransaction } from "../support/transactions";
import { noteText } from "../support/notes";
import { longStandingAdmin } from "../support/second-admin";
import type { Staff } from "@/lib/domain/audit/record-audit";
import { createConsoleUser } from "@/lib/domain/users/create-console-user";
import { updateConsoleUser } from "@/lib/domain/users/update-console-user";

const customer = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-4e" };
const unique = () => String(Date.now()).slice(-9) + String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;

// Two admins with console accounts of long standing, dealer staff of the deposit's dealer, and the admin CLI.
let adminA: Staff;
let adminB: Staff;
const viaCli = { label: "cli", viaCli: true };

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  adminA = await longStandingAdmin("ayse.admin");
  adminB = await longStandingAdmin("burak.admin");
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
  return { ...t, dealerStaff: { label: "staff@four-eyes.test", dealerId: t.dealer.id } };
}

async function deposit(t: Awaited<ReturnType<typeof setup>>, amount: number) {
  const res = await callWithSite("/api/provider/start-manual-deposit", t.creds, t.site.credential_key, {
    ...customer,
    amount,
  });
  expect(res.status).toBe(200);
  return prisma.transaction.findUniqueOrThrow({
    where: { trackingCode: String((res.json.data as Record<string, unknown>).tracking_code) },
  });
}

const state = async (id: number) => ({
  status: (await prisma.transaction.findUniqueOrThrow({ where: { id } })).status,
  moves: await prisma.transactionEvent.count({ where: { transactionId: id, NOT: { fromStatus: null } } }),
  deliveries: await prisma.callbackDelivery.count({ where: { transactionId: id } }),
});

describe("staff-typed amounts are bounded by the owning account's maximum per transaction", () => {
  it("a huge amount is refused by the domain and by the CLI, naming the limit in both languages; nothing changes, no callback", async () => {
    const t = await setup();
    const d = await deposit(t, 100);
    const before = await state(d.id);
    const refusal = await approveDeposit(d.id, adminA, "9999999999999.99", "typo").catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      code: "VALIDATION",
      message: "the received amount 9999999999999.99 is above the provider's maximum per transaction of 1000000.00",
    });
    expect(describeRefusal(refusal, CONSOLE_MESSAGES.tr)).toBe(
      "Alınan tutar 9.999.999.999.999,99\u00a0TL, sağlayıcının işlem başına en yüksek tutarı olan 1.000.000,00\u00a0TL tutarını aşıyor",
    );
    expect(describeRefusal(refusal, CONSOLE_MESSAGES.en)).toContain("1,000,000.00\u00a0TL");
    const run = cli("transaction:approve", d.trackingCode, "--amount", "9999999999999.99");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("maximum per transaction of 1000000.00");
    expect(await state(d.id)).toEqual(before);
    expect(await prisma.secondApproval.count({ where: { transactionId: d.id } })).toBe(0);
    expect(await prisma.callbackDelivery.count({ where: { transactionId: d.id } })).toBe(0);
  }, 120_000); // it runs the CLI, which starts in seconds on a busy machine

  it("a dealer's own deposit (DEP-) is bounded by the dealer's maximum, also for a second admin", async () => {
    const t = await setup();
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { maxTransactionAmount: "500.00" } });
    const d = await insertTransaction(t, {
      origin: "DEALER",
      providerId: null,
      siteId: null,
      trackingCode: `DEP-${unique()}`,
      amount: "100.00",
    });
    await expect(approveDeposit(d.id, adminA, "500.01", "more arrived")).rejects.toMatchObject({
      code: "VALIDATION",
      message: expect.stringContaining("dealer's maximum per transaction of 500.00"),
    });
    const proposed = await approveDeposit(d.id, adminA, "500.00", "more arrived");
    expect(proposed.outcome).toBe("proposed");
    await prisma.dealer.update({ where: { id: t.dealer.id }, data: { maxTransactionAmount: "400.00" } });
    await expect(
      confirmSecondApproval(proposed.outcome === "proposed" ? proposed.proposal.id : 0, adminB),
    ).rejects.toMatchObject({ code: "VALIDATION" });
    expect((await state(d.id)).status).toBe("pending");
  });
});

describe("four eyes: a completion with a differing amount needs a second admin", () => {
  it("the first approval is a proposal; the proposer, dealer staff and the CLI cannot confirm; another admin can, and both are named", async () => {
    const t = await setup();
    const d = await deposit(t, 100);
    await customerDecision(d.paymentToken!, "sent");
    const first = await approveDeposit(d.id, adminA, "90.00", "only 90 TL arrived");
    if (first.outcome !== "proposed") throw new Error(`expected a proposal, got ${first.outcome}`);
    expect(await state(d.id)).toMatchObject({ status: "pending", deliveries: 0 });
    expect(first.proposal).toMatchObject({ proposedBy: adminA.label, reason: "only 90 TL arrived", openFor: d.id });
    expect(first.proposal.amount.toFixed(2)).toBe("90.00");
    // No second proposal while one is open; the core refuses the move without one.
    await expect(approveDeposit(d.id, adminB, "95.00", "or 95")).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      prisma.$transaction((tx) =>
        transitionTransaction(tx, { id: d.id, to: "completed", actor: staffActor(adminB), finalAmount: "90.00" }),
      ),
    ).rejects.toMatchObject({
      details: { reason: { why: "four_eyes" } },
    });
    for (const who of [adminA, { label: adminA.label.toUpperCase() }, t.dealerStaff, viaCli]) {
      await expect(confirmSecondApproval(first.proposal.id, who)).rejects.toMatchObject({
        code: "INVALID_TRANSITION",
        details: { reason: { why: "four_eyes" } },
      });
    }
    expect(await state(d.id)).toMatchObject({ status: "pending", deliveries: 0 });
    const done = await confirmSecondApproval(first.proposal.id, adminB);
    expect(done).toMatchObject({ status: "completed", outcomeReason: "only 90 TL arrived" });
    expect(done.finalAmount?.toFixed(2)).toBe("90.00");
    const [callback] = await receiver.forTrackingCode(d.trackingCode);
    expect(callback!.body).toMatchObject({ status: "completed", amount: 90 });
    const audit = await prisma.auditLog.findMany({
      where: { entityType: "transaction", entityId: String(d.id) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((a) => [a.action, a.actorLabel])).toEqual([
      ["transaction.second_approval_requested", adminA.label],
      ["transaction.completed", adminB.label],
    ]);
    expect(audit[1]!.after).toMatchObject({
      proposedBy: adminA.label,
      confirmedBy: adminB.label,
      finalAmount: "90.00",
    });
    const notes = (
      await prisma.transactionEvent.findMany({ where: { transactionId: d.id }, orderBy: { id: "asc" } })
    ).map(noteText);
    expect(notes).toContain(`Second approval requested by ${adminA.label}: completed with 90.00`);
    expect(notes.at(-1)).toBe(
      `Approved by ${adminA.label}, confirmed by ${adminB.label}, with the received amount 90.00 (requested 100.00): only 90 TL arrived`,
    );
    expect(await prisma.secondApproval.findUniqueOrThrow({ where: { id: first.proposal.id } })).toMatchObject({
      openFor: null,
      decision: "confirmed",
      decidedBy: adminB.label,
    });
  });

  it("dealer staff may propose; a declined proposal changes nothing and a new one can follow; the requested amount needs no second person", async () => {
    const t = await setup();
    const d = await deposit(t, 200);
    const proposed = await approveDeposit(d.id, t.dealerStaff, "150.00", "150 arrived");
    if (proposed.outcome !== "proposed") throw new Error("expected a proposal");
    await expect(declineSecondApproval(proposed.proposal.id, t.dealerStaff, "no")).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await declineSecondApproval(proposed.proposal.id, adminB, "the statement shows 200");
    expect(await state(d.id)).toMatchObject({ status: "showing", deliveries: 0 });
    await expect(confirmSecondApproval(proposed.proposal.id, adminA)).rejects.toMatchObject({ code: "CONFLICT" });
    const direct = await approveDeposit(d.id, t.dealerStaff, "200.00");
    expect(direct.outcome).toBe("applied");
    expect((await state(d.id)).status).toBe("completed");
  });

  it("the CLI's differing amount only proposes (exit 0, says so); a console admin confirms it", async () => {
    const t = await setup();
    const d = await deposit(t, 100);
    const run = cli("transaction:approve", d.trackingCode, "--amount", "80", "--reason", "80 arrived");
    expect(run.code).toBe(0);
    expect(run.json()).toMatchObject({
      tracking_code: d.trackingCode,
      status: "showing",
      awaiting_second_approval: true,
      proposed_amount: "80.00",
    });
    expect(await state(d.id)).toMatchObject({ status: "showing", deliveries: 0 });
    const proposal = await prisma.secondApproval.findUniqueOrThrow({ where: { openFor: d.id } });
    expect(proposal).toMatchObject({ proposedViaCli: true, proposedBy: "cli" });
    await expect(confirmSecondApproval(proposal.id, viaCli)).rejects.toMatchObject({
      details: { reason: { why: "four_eyes" } },
    });
    expect((await confirmSecondApproval(proposal.id, adminA)).status).toBe("completed");
  });
});

describe("four-eyes eligibility: who counts as the second person", () => {
  const account = async (
    name: string,
    data: { accessGrantedAt?: Date; accessGrantedBy?: number; totpEnabledAt?: Date } = {},
  ): Promise<Staff> => {
    const email = `${name}-${unique()}@four-eyes.test`;
    const user = await prisma.consoleUser.create({
      data: {
        email,
        passwordHash: "unused",
        role: "ADMIN",
        accessGrantedAt: new Date("2021-01-01T00:00:00Z"),
        ...data,
      },
    });
    return { userId: user.id, label: email };
  };
  const refusedAsSecond = async (proposalId: number, who: Staff) => {
    const error = await confirmSecondApproval(proposalId, who).catch((e: unknown) => e);
    expect(error, who.label).toMatchObject({
      code: "INVALID_TRANSITION",
      details: { reason: { why: "second_person" } },
    });
    return error;
  };

  it("refuses accounts whose admin access came after the proposal or from the proposer, or whose second factor is newer; a long-standing admin confirms", async () => {
    const t = await setup();
    const d = await deposit(t, 100);
    const proposer = await longStandingAdmin("proposer");
    // Made by the proposer long before: a sleeper account is the proposer's own.
    const sleeper = await account("sleeper", { accessGrantedBy: proposer.userId });
    const passwordReset = await account("reset");
    const lateFactor = await account("late-factor");
    const proposed = await approveDeposit(d.id, proposer, "90.00", "only 90 arrived");
    if (proposed.outcome !== "proposed") throw new Error("expected a proposal");

    // Created after the proposal, through the function the console and the CLI call.
    const created = await createConsoleUser(
      { email: `fresh-${unique()}@four-eyes.test`, password: "a-strong-password-1", role: "admin" },
      proposer,
    );
    const fresh = { userId: created.id, label: created.email };
    expect((await prisma.consoleUser.findUniqueOrThrow({ where: { id: created.id } })).accessGrantedBy).toBe(
      proposer.userId,
    );
    // A long-standing account given a new password by someone else after the proposal: whoever set it can sign in.
    await updateConsoleUser(
      passwordReset.userId!,
      { password: "another-strong-password" },
      { userId: adminB.userId, label: adminB.label },
    );
    // A long-standing account whose second factor was set up (again) after the proposal.
    await prisma.consoleUser.update({
      where: { id: lateFactor.userId! },
      data: { totpSecretEnc: encryptSecret("JBSWY3DPEHPK3PXP"), totpEnabledAt: new Date() },
    });

    const before = await state(d.id);
    let words: unknown;
    for (const who of [fresh, sleeper, passwordReset, lateFactor, { label: "label.only@four-eyes.test" }])
      words = await refusedAsSecond(proposed.proposal.id, who);
    expect(await state(d.id)).toEqual(before);
    expect(describeRefusal(words, CONSOLE_MESSAGES.en)).toContain("your account cannot give the second approval");
    expect(describeRefusal(words, CONSOLE_MESSAGES.tr)).toContain("hesabınız ikinci onayı veremez");

    // Where the console requires admins' second factor, an account without one does not count either.
    const noFactor = await account("no-factor");
    process.env.CONSOLE_ADMIN_SECOND_FACTOR = "required";
    try {
      await refusedAsSecond(proposed.proposal.id, noFactor);
      const withFactor = await account("with-factor", { totpEnabledAt: new Date("2022-01-01T00:00:00Z") });
      expect((await confirmSecondApproval(proposed.proposal.id, withFactor)).status).toBe("completed");
    } finally {
      process.env.CONSOLE_ADMIN_SECOND_FACTOR = "offered";
    }
  });
});

describe("expired manual deposits", () => {
  it("a late 'sent' is refused but raised once in Needs attention; completed late with the bank's reference and four eyes, with its callback after expired", async () => {
    const t = await setup();
    const d = await deposit(t, 250);
    await prisma.transaction.update({ where: { id: d.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expireTransaction(prisma, d.id, new Date()).catch(() => []);
    expect((await state(d.id)).status).toBe("expired");
    await expect(customerDecision(d.paymentToken!, "sent")).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    await expect(customerDecision(d.paymentToken!, "sent")).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    const alerts = await prisma.alert.findMany({ where: { transactionId: d.id } });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: "sent_after_expiry", resolvedAt: null, dealerId: t.dealer.id });

    await expect(approveDeposit(d.id, adminA, "250.00")).rejects.toMatchObject({
      details: { reason: { why: "reference" } },
    });
    const proposed = await approveDeposit(d.id, adminA, "250.00", undefined, "BNK-778812");
    if (proposed.outcome !== "proposed") throw new Error("a late completion always needs a second admin");
    expect(proposed.proposal).toMatchObject({ fromStatus: "expired", bankReference: "BNK-778812" });
    await expect(confirmSecondApproval(proposed.proposal.id, adminA)).rejects.toMatchObject({
      details: { reason: { why: "four_eyes" } },
    });
    const done = await confirmSecondApproval(proposed.proposal.id, adminB);
    expect(done.status).toBe("completed");
    const callbacks = await receiver.forTrackingCode(d.trackingCode, 2);
    expect(callbacks.map((c) => c.body.status)).toEqual(["expired", "completed"]);
    expect(callbacks[1]!.body).toMatchObject({ amount: 250 });
    const last = await prisma.transactionEvent.findFirstOrThrow({
      where: { transactionId: d.id },
      orderBy: { id: "desc" },
    });
    expect(last).toMatchObject({ fromStatus: "expired", toStatus: "completed" });
    expect(noteText(last)).toContain(`confirmed by ${adminB.label}`);
    expect(noteText(last)).toContain("bank reference BNK-778812");
  });

  it("a 'sent' after expires_at but before the expiry job ran is raised too", async () => {
    const t = await setup();
    const d = await deposit(t, 60);
    await prisma.transaction.update({ where: { id: d.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(customerDecision(d.paymentToken!, "sent")).rejects.toMatchObject({ code: "INVALID_TRANSITION" });
    expect(await prisma.alert.count({ where: { transactionId: d.id, kind: "sent_after_expiry" } })).toBe(1);
  });
});
