import type { CallbackKind, TransactionStatus } from "@/lib/generated/prisma/client";
import {
  callbackStatusSent,
  FLOWS,
  PAYMENT_METHODS,
  STATUSES,
  statesOf,
  type ActorRole,
  type Lifecycle,
  type TransitionRule,
} from "./index";
import { TRANSFER_LIFECYCLE } from "./transfers";
import { MAX_CARD_ATTEMPTS } from "./credit-card/method";

const ROLE_NAMES: Record<ActorRole, string> = {
  customer: "customer (payment page)",
  admin: "admin",
  dealer_staff: "dealer staff",
  bank: "bank",
  acquirer: "card acquirer",
  gateway: "the chosen gateway",
  expiry: "expiry job",
  system: "service",
};

const AMOUNT: Record<string, string> = {
  staff: "staff enter the amount received, at most the owning account's maximum per transaction",
  bank_line: "the amount of the matched incoming payment",
  gateway: "the gateway's amount, at most the order",
};

const FOUR_EYES: Record<string, string> = {
  amount_differs: "four eyes when the amount differs from the request: an admin other than the proposer confirms",
  always: "always four eyes: an admin other than the proposer confirms",
  money_out:
    "four eyes when the amount is above `FOUR_EYES_MONEY_OUT_ABOVE`: an admin other than the proposer confirms",
};

const EVIDENCE: Record<string, string> = {
  bank_reference: "the bank's reference of the payment is required",
};

const GUARD: Record<string, string> = {
  unsent: "only while no bank transfer was sent",
  before_expiry: "only before expires_at",
  retry_left: `only before expires_at and while fewer than ${MAX_CARD_ATTEMPTS} attempts were made`,
};

const LEDGER_EVENT: Record<Lifecycle["ledger"]["event"], string> = {
  DEPOSIT: "a deposit",
  WITHDRAWAL: "a withdrawal",
  CARD_PAYMENT: "a card payment",
};

/** The method's paragraph under its heading: direction, first state, states, callback, ledger event. */
function summaryOf(method: string, lifecycle: Lifecycle, callback: string): string {
  const states = statesOf(lifecycle)
    .map((s) => `\`${s}\``)
    .join(", ");
  const ledger =
    `${LEDGER_EVENT[lifecycle.ledger.event]} posted on \`${lifecycle.ledger.on}\` ` + `([ledger.md](ledger.md))`;
  const change = lifecycle.customerAmountChange
    ? ` The customer may change the amount on the page while \`${lifecycle.customerAmountChange}\`.`
    : "";
  const from = `${lifecycle.direction.toLowerCase()} from the ${lifecycle.origin.toLowerCase()} API`;
  return (
    `Method \`${method}\`, ${from}. Created \`${lifecycle.initial}\`. States: ${states}. Callback: ` +
    `${callback}. Ledger: ${ledger}.${change}`
  );
}

/** The callback status a move sends, with the code that tells it apart where the status is another's. */
function sentAs(kind: CallbackKind, to: TransactionStatus): string {
  const sent = callbackStatusSent(kind, to);
  return sent === to ? to : `${sent} (error_code ${to.toUpperCase()})`;
}

function flowSection(method: string, lifecycle: Lifecycle): string {
  const callback = lifecycle.callback ? `${lifecycle.callback.kind} on ${lifecycle.callback.on.join(", ")}` : "none";
  const rows = lifecycle.transitions.map((r) => {
    const rule: TransitionRule = r;
    const conditions = [
      rule.amount ? `amount: ${AMOUNT[rule.amount]}` : "",
      rule.guard ? GUARD[rule.guard] : "",
      rule.evidence ? EVIDENCE[rule.evidence] : "",
      rule.fourEyes ? FOUR_EYES[rule.fourEyes] : "",
    ]
      .filter(Boolean)
      .join("; ");
    const owes = lifecycle.callback?.on.includes(r.to) ? sentAs(lifecycle.callback.kind, r.to) : "—";
    return (
      `| ${r.from} | ${r.to} | ${r.by.map((b) => ROLE_NAMES[b]).join(", ")} | ${conditions || "—"} | ${owes} | ` +
      `${r.means} |`
    );
  });
  return [
    `### ${lifecycle.name} (${lifecycle.prefix}-)`,
    "",
    summaryOf(method, lifecycle, callback),
    "",
    "| from | to | who may cause it | conditions | callback status sent | meaning |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

/**
 * docs/lifecycle.md, made from the payment-method table (lib/domain/payment-methods): per method and flow, the
 * states, every allowed transition, who may cause it, and the callback it sends. A unit test keeps the
 * file equal to this rendering; `npm run docs:lifecycle` writes it.
 */
export function renderLifecycleDoc(): string {
  const methods = Object.keys(PAYMENT_METHODS) as (keyof typeof PAYMENT_METHODS)[];
  const finalStates = (Object.keys(STATUSES) as (keyof typeof STATUSES)[]).filter((s) => STATUSES[s].final);
  return [
    "# Transaction lifecycles",
    "",
    "<!-- Generated from lib/domain/payment-methods by `npm run docs:lifecycle`; edit the table there, not this " +
      "file. -->",
    "",
    "Every state change of a transaction goes through one function that locks the transaction's row and checks this " +
      "table:",
    "a move that is not listed, or listed for someone else, is refused (HTTP 409 on the API, a sentence in the " +
      "console) and",
    "changes nothing. What a bank, the card acquirer or a gateway reports is always recorded: when the table does " +
      "not allow it",
    "(someone decided first, the time ran out, an amount outside the order), it is written into the transaction's " +
      "history as",
    "not applied and raised in the console's **Needs attention** queue.",
    "",
    `Final states: ${finalStates.map((s) => `\`${s}\``).join(", ")}. No move leaves a final state, except a card ` +
      `payment's`,
    "refund (`success -> refunded`), the late match of an E-IBAN deposit whose money arrived after it expired and " +
      "the late",
    "completion of an expired manual bank deposit with the bank's reference (`expired -> completed`, which sends " +
      "`completed`",
    "after `expired`).",
    "",
    "**Four eyes.** A staff move marked *four eyes* is made by two people: the first staff member's decision (admin " +
      "or dealer",
    "staff) is stored as a proposal awaiting a second approval, with who proposed which amount, why and the bank's " +
      "reference;",
    "nothing else changes, no callback is sent. The move happens when an admin other than the proposer, signed in " +
      "to the",
    "console, confirms it (the admin CLI and dealer staff can propose, never confirm); any admin may decline it. " +
      "Both names",
    "are in the history and the audit log. *When the amount differs* means by more than `FOUR_EYES_AMOUNT_TOLERANCE`",
    "(default 0.00: any difference). A staff-typed amount is never above the maximum per transaction of the " +
      "account that",
    "owns the transaction (the provider's, or the dealer's for dealer deposits). Money out above " +
      "`FOUR_EYES_MONEY_OUT_ABOVE`",
    "(default 10000.00) needs a second admin the same way: a manual withdrawal marked paid, an E-IBAN withdrawal " +
      "taken to be",
    "sent (its transfer goes to the bank when the second admin confirms).",
    "",
    "Who may cause a move: the customer on the payment page; an admin (console or admin CLI); dealer staff (only " +
      "their dealer's",
    "transactions); the bank, the card acquirer and a gateway through their signed notifications (a gateway only " +
      "for the",
    "transactions bound to it); the expiry job; the service itself (handing a withdrawal to its gateway).",
    "",
    ...methods.flatMap((method) => [
      `## ${PAYMENT_METHODS[method].label}`,
      "",
      ...FLOWS.filter((f) => f.method === method).map((f) => flowSection(method, f.lifecycle)),
    ]),
    `## ${TRANSFER_LIFECYCLE.name}`,
    "",
    `Dealer send-money transfers (${TRANSFER_LIFECYCLE.prefix}-), created \`${TRANSFER_LIFECYCLE.initial}\`; no ` +
      `callback (the dealer polls transfer-status). Ledger: a dealer's own transfer posts send-money on ` +
      `\`${TRANSFER_LIFECYCLE.ledger.on}\`; one paying an E-IBAN withdrawal posts with the withdrawal.`,
    "",
    "| from | to | who may cause it | meaning |",
    "| --- | --- | --- | --- |",
    ...TRANSFER_LIFECYCLE.transitions.map(
      (r) => `| ${r.from} | ${r.to} | ${r.by.map((b) => ROLE_NAMES[b]).join(", ")} | ${r.means} |`,
    ),
    "",
  ].join("\n");
}
