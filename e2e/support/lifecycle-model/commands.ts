import fc from "fast-check";
import { handedOver } from "../hand-over";
import { approveDeposit } from "@/lib/domain/approvals/approve-deposit";
import { confirmSecondApproval, declineSecondApproval } from "@/lib/domain/approvals/second-approval";
import { matchDepositManually } from "@/lib/domain/approvals/match-deposit-manually";
import { processWithdrawal, type WithdrawalStep } from "@/lib/domain/approvals/process-withdrawal";
import { rejectDeposit } from "@/lib/domain/approvals/reject-deposit";
import { sendEibanWithdrawal } from "@/lib/domain/approvals/send-eiban-withdrawal";
import { refundCardPayment } from "@/lib/domain/cards/refund-card-payment";
import { chargedAtSandboxAcquirer } from "../sandbox-acquirer";
import { prisma } from "@/lib/base/db/prisma";
import { movesFor, THIRD_PARTY } from "@/lib/domain/payment-methods";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { signForGateway } from "@/lib/integrations/gateways/gateway-secret";
import { signMessage } from "@/lib/integrations/gateways/shared-secret";
import { SANDBOX_SIGNATURE_HEADER } from "@/lib/integrations/connectors/sandbox-card/wire";
import { GATEWAY_SIGNATURE_HEADER } from "@/lib/integrations/gateways/third-party-gateway";
import { ApiError } from "@/lib/edge/http/api-error";
import { expireDueTransactions } from "@/lib/domain/jobs/expire-transactions";
import { customerDecision } from "@/lib/domain/customers/customer-actions";
import { notifyService } from "@/lib/integrations/sandbox/bank/notify-service";
import { settleSandboxTransfer } from "@/lib/integrations/sandbox/bank/sandbox-transfers";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { chooseDepositGateway } from "@/lib/domain/third-party/choose-deposit-gateway";
import { resubmitUnsentWithdrawals } from "@/lib/domain/third-party/submit-withdrawal-to-gateway";
import { httpRequest } from "../http";
import { signedRequest } from "../signed-request";
import { secondAdmin } from "../second-admin";

export type World = {
  baseUrl: string;
  creds: { apiKey: string; secretKey: string };
  credentialKey: string;
  dealerId: number;
  providerId: number;
  walletIban: string;
  gateway: { id: number; code: string; webhookSecretEnc: string | null };
  /** The model's clock for the expiry job: it runs ahead of real time as the run "waits". */
  clock: { now: number };
};

export type Model = { codes: string[] };

const IBAN = "TR330006100519786457841326";
const CUSTOMER = { fullname: "Ayşe Kaya", username: "ayse.k", user_id: "u-model" };

/** Refusals are expected answers; anything else (a 5xx, an unexpected exception) fails the run. */
async function tolerate(work: () => Promise<unknown>): Promise<void> {
  try {
    const result = await work();
    const status = (result as { status?: unknown } | undefined)?.status;
    if (typeof status === "number" && status >= 500)
      throw new Error(`server answered ${status}: ${JSON.stringify((result as { json?: unknown }).json)}`);
  } catch (error) {
    if (error instanceof DomainError || (error instanceof ApiError && error.status < 500)) {
      if (process.env.MODEL_DEBUG) console.log(`refused: ${error.message}`);
      return;
    }
    throw error;
  }
}

/** The `pick`-th of the run's transactions that the step is about (deposits of a method, cards...). */
const transactionAt = async (model: Model, pick: number, about: Prisma.TransactionWhereInput) => {
  const candidates = await prisma.transaction.findMany({
    where: { trackingCode: { in: model.codes }, ...about },
    orderBy: { id: "asc" },
  });
  // Counted from the newest, so steps cluster on a few transactions and reach deep into their lifecycles.
  return candidates.length ? candidates[candidates.length - 1 - (pick % candidates.length)]! : null;
};

type Step = { name: string; run: (model: Model, world: World) => Promise<void> };

const CREATES = {
  manual_deposit: ["/api/provider/start-manual-deposit", { amount: 100 }],
  eiban_deposit: ["/api/provider/start-eiban-deposit", { amount: 150 }],
  tp_deposit: ["/api/provider/third-party/bank/start-deposit", { amount: 200 }],
  manual_withdrawal: ["/api/provider/start-manual-withdraw", { amount: 60, iban: IBAN }],
  eiban_withdrawal: ["/api/provider/start-eiban-withdraw", { amount: 70, iban: IBAN }],
  tp_withdrawal: ["/api/provider/third-party/bank/start-withdrawal", { amount: 80, iban: IBAN }],
} as const;

export const KINDS = [
  "manual_deposit",
  "eiban_deposit",
  "tp_deposit",
  "manual_withdrawal",
  "eiban_withdrawal",
  "tp_withdrawal",
  "card",
] as const;

export function create(kind: (typeof KINDS)[number]): Step {
  return {
    name: `create ${kind}`,
    run: async (model, w) => {
      const res =
        kind === "card"
          ? await signedRequest(w.baseUrl, "/api/provider/credit-card/payment", w.creds, {
              body: {
                credential_key: w.credentialKey,
                username: "ayse.k",
                user_id: "u-model",
                firstname: "Ayşe",
                lastname: "Kaya",
                email: "a@example.com",
                phone: "1",
                amount: 90,
              },
            })
          : await signedRequest(w.baseUrl, CREATES[kind][0], w.creds, {
              middle: [w.credentialKey],
              headers: { "x-credential-key": w.credentialKey },
              body: {
                ...CUSTOMER,
                ...CREATES[kind][1],
                ...(kind === "tp_withdrawal" ? { gateway_id: w.gateway.id } : {}),
              },
            });
      if (res.status !== 200) throw new Error(`create ${kind}: ${res.status} ${res.text}`);
      const code = String((res.json.data as { tracking_code: string }).tracking_code);
      model.codes.push(code);
      // The server hands a new third-party withdrawal to its gateway just after the answer. The step ends
      // when that is over, so that nothing moves behind the model's later steps.
      if (kind === "tp_withdrawal") await handedOver(code);
    },
  };
}

const onTransaction =
  (
    name: string,
    about: Prisma.TransactionWhereInput,
    work: (t: NonNullable<Awaited<ReturnType<typeof transactionAt>>>, w: World) => Promise<unknown>,
  ) =>
  (pick: number): Step => ({
    name: `${name} #${pick}`,
    run: async (model, w) => {
      const t = await transactionAt(model, pick, about);
      if (process.env.MODEL_DEBUG && t) console.log(`step: ${name} on ${t.trackingCode} (${t.status})`);
      if (t) await tolerate(() => work(t, w));
    },
  });

const DEPOSITS: Prisma.TransactionWhereInput = { direction: "DEPOSIT" };
const WITHDRAWALS: Prisma.TransactionWhereInput = { direction: "WITHDRAWAL" };
const TP: Prisma.TransactionWhereInput = { method: { in: THIRD_PARTY.map((k) => k.method) } };

const staff = (asDealer: boolean, w: World) =>
  asDealer ? { label: "staff@model", dealerId: w.dealerId } : { label: "admin@model" };

const customerSteps = [
  onTransaction("customer sent", DEPOSITS, (t) => customerDecision(t.paymentToken ?? "none", "sent")),
  onTransaction("customer cancel", DEPOSITS, (t) => customerDecision(t.paymentToken ?? "none", "cancel")),
  onTransaction("customer chooses the gateway", { ...DEPOSITS, ...TP }, (t, w) =>
    chooseDepositGateway(t.paymentToken ?? "none", w.gateway.id),
  ),
];
// Choosing a gateway is the door to every gateway outcome of a deposit: it is tried as often as the rest.
customerSteps.push(customerSteps[2]!);

const STAFF_TARGETS: Record<string, Prisma.TransactionWhereInput> = {
  approve: DEPOSITS,
  "approve-less": { ...DEPOSITS, status: { in: ["showing", "pending"] } },
  "approve-late": { ...DEPOSITS, method: "MANUAL_BANK", status: "expired" },
  // The second person acts on what awaits them: deposits with an open proposal.
  "confirm-second": { ...DEPOSITS, secondApprovals: { some: { openFor: { not: null } } } },
  "confirm-own": { ...DEPOSITS, secondApprovals: { some: { openFor: { not: null } } } },
  "decline-second": { ...DEPOSITS, secondApprovals: { some: { openFor: { not: null } } } },
  "reject-deposit": DEPOSITS,
  match: { ...DEPOSITS, method: "EIBAN" },
  send: { ...WITHDRAWALS, method: "EIBAN" },
  refund: { direction: "PAYMENT" },
};

type StaffAction =
  | "approve"
  | "approve-less"
  | "approve-late"
  | "confirm-second"
  | "confirm-own"
  | "decline-second"
  | "reject-deposit"
  | "match"
  | "send"
  | "refund"
  | WithdrawalStep;

function staffStep(action: StaffAction, asDealer: boolean) {
  return onTransaction(
    `${asDealer ? "dealer staff" : "admin"} ${action}`,
    STAFF_TARGETS[action] ?? WITHDRAWALS,
    async (t, w) => {
      const who = staff(asDealer, w);
      if (action === "approve") return approveDeposit(t.id, who);
      if (action === "approve-less")
        return approveDeposit(t.id, who, (Number(t.amount) - 5).toFixed(2), "less arrived");
      if (action === "approve-late") return approveDeposit(t.id, who, t.amount.toFixed(2), undefined, `BNK-${t.id}`);
      if (action === "confirm-second" || action === "confirm-own" || action === "decline-second") {
        const open = await prisma.secondApproval.findUnique({ where: { openFor: t.id } });
        if (!open) return;
        // Dealer staff, or the proposer ("admin@model") by its own label, must be refused; a distinct admin confirms or declines.
        // The second admin is a long-standing console account (four-eyes eligibility).
        const second = asDealer ? who : action === "confirm-own" ? { label: open.proposedBy } : await secondAdmin();
        return action === "decline-second"
          ? declineSecondApproval(open.id, second, "model")
          : confirmSecondApproval(open.id, second);
      }
      if (action === "reject-deposit") return rejectDeposit(t.id, who, "model");
      if (action === "send") return sendEibanWithdrawal(t.id, who);
      if (action === "refund") return refundCardPayment(t.id, who, "model");
      if (action === "match") {
        const line = await prisma.eibanTransaction.findFirst({
          where: { wallet: { iban: w.walletIban }, direction: "incoming", matchedTransactionId: null },
          orderBy: { id: "desc" },
        });
        return matchDepositManually(t.id, line?.id ?? 0, who);
      }
      return processWithdrawal(t.id, action, who, "model");
    },
  );
}

/**
 * Staff doing what the lifecycle table offers them for the transaction (the console shows exactly these
 * buttons), which reaches deep states far more often than blind actions; the invariants stay the judge.
 */
function offeredStaffStep(asDealer: boolean, choice: number) {
  return onTransaction(`${asDealer ? "dealer staff" : "admin"} does what is offered (${choice})`, {}, async (t, w) => {
    const moves = movesFor(t, asDealer ? "dealer_staff" : "admin");
    if (moves.length === 0) return;
    const move = moves[choice % moves.length]!;
    const byStep: Partial<Record<string, StaffAction>> =
      t.direction === "DEPOSIT"
        ? {
            completed:
              move.amount === "bank_line"
                ? "match"
                : move.evidence === "bank_reference"
                  ? "approve-late"
                  : choice % 3 === 0
                    ? "approve-less"
                    : "approve",
            canceled: "reject-deposit",
          }
        : t.direction === "PAYMENT"
          ? { refunded: "refund" }
          : {
              processing: t.method === "EIBAN" && choice % 2 === 0 ? "send" : "take",
              completed: "complete",
              rejected: "reject",
              failed: "fail",
              canceled: "cancel",
            };
    const action = byStep[move.to];
    if (action) await staffStep(action, asDealer)(0).run({ codes: [t.trackingCode] }, w);
  });
}

/** The bank: money arriving for a deposit (its code in the description, or not), transfers settling, repeats. */
const bankSteps = [
  onTransaction("bank: payment for this deposit", { ...DEPOSITS, method: "EIBAN" }, (t, w) =>
    simulateIncomingPayment({
      iban: w.walletIban,
      amount: t.amount.toFixed(2),
      senderName: "Someone",
      senderIban: IBAN,
      description: `for ${t.trackingCode}`,
    }),
  ),
  onTransaction("bank: payment without a reference", { ...DEPOSITS, method: "EIBAN" }, (t, w) =>
    simulateIncomingPayment({
      iban: w.walletIban,
      amount: t.amount.toFixed(2),
      senderName: "Unknown Sender",
      senderIban: IBAN,
      description: "",
    }),
  ),
  (pick: number): Step => ({
    name: `bank settles a transfer (${pick % 3 === 0 ? "fail" : "complete"}), and says it twice`,
    run: async (_model, w) => {
      const pending = await prisma.sandboxBankTransfer.findFirst({
        where: { fromIban: w.walletIban, status: "pending" },
        orderBy: { id: "asc" },
      });
      if (!pending) return;
      await settleSandboxTransfer(pending.reference, pick % 3 === 0 ? "fail" : "complete");
      const settled = await prisma.sandboxBankTransfer.findUniqueOrThrow({ where: { reference: pending.reference } });
      const repeat = {
        type: settled.status === "completed" ? ("transfer.completed" as const) : ("transfer.failed" as const),
        clientRef: settled.clientRef,
        reference: settled.reference,
        reason: settled.failureReason ?? undefined,
        occurredAt: new Date().toISOString(),
      };
      if (!(await notifyService(repeat, settled.notifyUrl)))
        throw new Error("the service refused a repeated bank notification");
    },
  }),
];

/** A gateway's verdict on a transaction bound to it (one its direction knows), with amounts at, below and above the order. */
function gatewayStep(verdict: number, amountDelta: number) {
  return onTransaction(
    `gateway verdict ${verdict} ${amountDelta}`,
    { ...TP, gatewayReference: { not: null } },
    async (t, w) => {
      if (!t.gatewayReference) return;
      const status =
        t.direction === "DEPOSIT"
          ? (["confirmed", "declined"] as const)[verdict % 2]
          : (["completed", "failed", "rejected"] as const)[verdict % 3];
      const body = JSON.stringify({
        reference: t.gatewayReference,
        clientRef: t.trackingCode,
        kind: t.direction === "DEPOSIT" ? "deposit" : "withdrawal",
        status,
        amount: (Number(t.amount) + amountDelta).toFixed(2),
      });
      return httpRequest({
        url: `${w.baseUrl}/api/webhooks/gateways/${w.gateway.code}`,
        body,
        headers: { "content-type": "application/json", [GATEWAY_SIGNATURE_HEADER]: signForGateway(w.gateway, body) },
      });
    },
  );
}

function acquirerStep(status: "approved" | "declined" | "cancelled") {
  return onTransaction(`acquirer ${status}`, { direction: "PAYMENT" }, async (t, w) => {
    if (!t.orderId) return;
    // The acquirer's books agree with what it reports, so a later refund finds the charge there.
    if (status === "approved") await chargedAtSandboxAcquirer(t.orderId);
    const body = JSON.stringify({
      orderId: t.orderId,
      status,
      ...(status === "declined" ? { errorCode: "CARD_DECLINED" } : {}),
    });
    return httpRequest({
      url: `${w.baseUrl}/api/webhooks/acquirer`,
      body,
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signMessage("card-acquirer", body) },
    });
  });
}

const timeSteps: Step[] = [
  {
    name: "15 minutes pass: the expiry job runs",
    run: async (_model, w) => {
      w.clock.now += 15 * 60_000;
      await expireDueTransactions(prisma, new Date(w.clock.now));
    },
  },
  {
    // The money of a manual deposit may arrive after its page ran out: the late completion needs one to exist.
    name: "a new manual deposit is left open until the expiry job expires it",
    run: async (model, w) => {
      await create("manual_deposit").run(model, w);
      w.clock.now += 31 * 60_000;
      await expireDueTransactions(prisma, new Date(w.clock.now));
    },
  },
  {
    name: "the job runner hands unsent withdrawals to their gateway",
    run: async (_m, w) => void (await resubmitUnsentWithdrawals(new Date(w.clock.now + 60_000))),
  },
];

/** Every step the model may take, as fast-check arbitraries. */
export function stepArbitrary(): fc.Arbitrary<Step> {
  const pick = fc.nat({ max: 3 });
  const fourEyesActions = [
    "approve-less",
    "approve-late",
    "approve-late",
    "confirm-second",
    "confirm-second",
    "confirm-own",
    "decline-second",
  ] as const;
  const staffActions = [
    "approve",
    "approve-less",
    "approve-late",
    "confirm-second",
    "confirm-second",
    "confirm-own",
    "decline-second",
    "reject-deposit",
    "match",
    "send",
    "refund",
    "take",
    "complete",
    "reject",
    "fail",
    "cancel",
  ] as const;
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...KINDS).map(create) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...customerSteps), pick).map(([step, p]) => step(p)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...staffActions), fc.boolean(), pick)
        .map(([action, asDealer, p]) => staffStep(action, asDealer)(p)),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.boolean(), fc.nat({ max: 5 }), pick)
        .map(([asDealer, choice, p]) => offeredStaffStep(asDealer, choice)(p)),
    },
    // Four eyes: proposals (a differing amount, a late completion) and what the second person does with them.
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...fourEyesActions), fc.boolean(), pick)
        .map(([action, asDealer, p]) => staffStep(action, asDealer)(p)),
    },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...bankSteps), pick).map(([step, p]) => step(p)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.nat({ max: 5 }), fc.constantFrom(0, -10, 50), pick)
        .map(([verdict, delta, p]) => gatewayStep(verdict, delta)(p)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom("approved", "declined", "cancelled") as fc.Arbitrary<"approved" | "declined" | "cancelled">,
          pick,
        )
        .map(([status, p]) => acquirerStep(status)(p)),
    },
    { weight: 3, arbitrary: fc.constantFrom(...timeSteps) },
  );
}
