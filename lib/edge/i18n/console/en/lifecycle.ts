import type { ActorRole } from "@/lib/domain/payment-methods";

/** Who may act on a transaction, and why the lifecycle refused a step, in the operator's words. */
export const lifecycle = {
  roles: {
    customer: "the customer",
    admin: "an admin",
    dealer_staff: "dealer staff",
    bank: "the bank",
    acquirer: "the card acquirer",
    gateway: "its gateway",
    expiry: "the expiry job",
    system: "the service",
  } satisfies Record<ActorRole, string>,
  or: "or",
  refusal: {
    no_move: (code: string, from: string, to: string) => `${code} is ${from}: it cannot become ${to}.`,
    actor: (code: string, from: string, to: string, who: string) =>
      `${code} is ${from}: only ${who} can make it ${to}.`,
    guard: (code: string, from: string, to: string) =>
      `${code} is ${from}: it was sent to the bank or its time ran out, so it cannot become ${to} now.`,
    amount: (code: string, from: string, to: string) =>
      `${code} (${from}): the amount is outside what this step allows, so it did not become ${to}.`,
    binding: (code: string, from: string, to: string) =>
      `${code} (${from}) belongs to another gateway: it did not become ${to}.`,
    evidence: (code: string, from: string, to: string) =>
      `${code} (${from}) becomes ${to} only with an unmatched incoming payment on its own E-IBAN account.`,
    reference: (code: string, from: string, to: string) =>
      `${code} (${from}) becomes ${to} only with the bank's reference of the payment.`,
    four_eyes: (code: string, from: string, to: string) =>
      `${code} (${from}) becomes ${to} only when an admin other than the one who proposed it confirms it.`,
    second_person: (code: string, from: string) =>
      `${code} (${from}): your account cannot give the second approval. It counts only from an admin account that ` +
      `existed, with its second factor, before the proposal was made, and that the proposer did not create, ` +
      `reactivate or give a password to.`,
  },
};

/** The "needs attention" queue: what a bank, acquirer or gateway reported that the lifecycle did not allow. */
export const alerts = {
  heading: "Needs attention",
  headingCount: (count: number) => `Needs attention (${count})`,
  intro:
    "Reported by a bank, the card acquirer or a gateway but not applied, or a money setting staff changed. Check " +
    "each one and say what was done.",
  none: "Nothing needs attention.",
  kind: {
    outcome_conflict: "Outcome not applied",
    late_card_approval: "Charged after it failed: refund the charge",
    refund_unknown: "Refund unanswered: being checked at the acquirer",
    charge_not_accepted: "Charged but not accepted: refund the charge",
    inquiry_mismatch: "Status answer does not match the order",
    payment_for_closed_deposit: "Money arrived for a closed deposit",
    gateway_unreachable: "The gateway does not answer",
    sent_after_expiry: "Customer says sent after the deposit expired",
    gateway_lost_order: "The gateway does not know an order it accepted",
    second_card_charge: "Charged twice: refund the second charge",
    collected_more: "Customer paid more than the order (installment or surcharge)",
    reconciliation_discrepancy: "Reconciliation: the partner's records differ from ours",
    gateway_order_unconfirmed: "The gateway holds a withdrawal it did not confirm",
    foreign_bank_line: "A bank message named another wallet: not booked",
    partner_answer_mismatch: "A partner's answer did not match the order: not applied",
    money_setting_changed: "A money setting was changed",
  },
  source: "Reported by",
  raised: "Raised",
  resolution: "What was done",
  resolve: "Resolve",
  resolved: "Resolved.",
  needNote: "Say what was done (at least 3 characters).",
  unknown: "This alert does not exist or is not yours to resolve.",
  roleCannotResolve: "Your role cannot resolve alerts.",
  resolvedBy: (who: string, when: string) => `Resolved by ${who} at ${when}`,
};

export type LifecycleMessages = typeof lifecycle;
export type AlertMessages = typeof alerts;
