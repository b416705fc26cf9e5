import { FLOWS, PAYMENT_METHODS, STATUSES, statesOf, type ActorRole, type Lifecycle } from "./index";
import { TRANSFER_LIFECYCLE } from "./transfers";

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
  staff: "staff enter the amount received",
  bank_line: "the amount of the matched incoming payment",
  gateway: "the gateway's amount, at most the order",
};

const GUARD: Record<string, string> = {
  unsent: "only while no bank transfer was sent",
  before_expiry: "only before expires_at",
};

function flowSection(method: string, lifecycle: Lifecycle): string {
  const callback = lifecycle.callback ? `${lifecycle.callback.kind} on ${lifecycle.callback.on.join(", ")}` : "none";
  const rows = lifecycle.transitions.map((r) => {
    const conditions = [r.amount ? `amount: ${AMOUNT[r.amount]}` : "", r.guard ? GUARD[r.guard] : ""].filter(Boolean).join("; ");
    const owes = lifecycle.callback?.on.includes(r.to) ? r.to : "—";
    return `| ${r.from} | ${r.to} | ${r.by.map((b) => ROLE_NAMES[b]).join(", ")} | ${conditions || "—"} | ${owes} | ${r.means} |`;
  });
  return [
    `### ${lifecycle.name} (${lifecycle.prefix}-)`,
    "",
    `Method \`${method}\`, ${lifecycle.direction.toLowerCase()} from the ${lifecycle.origin.toLowerCase()} API. Created \`${lifecycle.initial}\`. States: ${statesOf(lifecycle).map((s) => `\`${s}\``).join(", ")}. Callback: ${callback}.${lifecycle.customerAmountChange ? ` The customer may change the amount on the page while \`${lifecycle.customerAmountChange}\`.` : ""}`,
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
    "<!-- Generated from lib/domain/payment-methods by `npm run docs:lifecycle`; edit the table there, not this file. -->",
    "",
    "Every state change of a transaction goes through one function that locks the transaction's row and checks this table:",
    "a move that is not listed, or listed for someone else, is refused (HTTP 409 on the API, a sentence in the console) and",
    "changes nothing. What a bank, the card acquirer or a gateway reports is always recorded: when the table does not allow it",
    "(someone decided first, the time ran out, an amount outside the order), it is written into the transaction's history as",
    "not applied and raised in the console's **Needs attention** queue.",
    "",
    `Final states: ${finalStates.map((s) => `\`${s}\``).join(", ")}. No move leaves a final state, except a card payment's`,
    "refund (`success -> refunded`) and the late match of an E-IBAN deposit whose money arrived after it expired",
    "(`expired -> completed`, which sends `completed` after `expired`).",
    "",
    "Who may cause a move: the customer on the payment page; an admin (console or admin CLI); dealer staff (only their dealer's",
    "transactions); the bank, the card acquirer and a gateway through their signed notifications (a gateway only for the",
    "transactions bound to it); the expiry job; the service itself (handing a withdrawal to its gateway).",
    "",
    ...methods.flatMap((method) => [`## ${PAYMENT_METHODS[method].label}`, "", ...FLOWS.filter((f) => f.method === method).map((f) => flowSection(method, f.lifecycle))]),
    `## ${TRANSFER_LIFECYCLE.name}`,
    "",
    `Dealer send-money transfers (${TRANSFER_LIFECYCLE.prefix}-), created \`${TRANSFER_LIFECYCLE.initial}\`; no callback (the dealer polls transfer-status).`,
    "",
    "| from | to | who may cause it | meaning |",
    "| --- | --- | --- | --- |",
    ...TRANSFER_LIFECYCLE.transitions.map((r) => `| ${r.from} | ${r.to} | ${r.by.map((b) => ROLE_NAMES[b]).join(", ")} | ${r.means} |`),
    "",
  ].join("\n");
}
