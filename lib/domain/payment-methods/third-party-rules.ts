import { defineMethod, type AccountShape, type Lifecycle } from "./lifecycle-types";

/**
 * Methods 4-6 decide nothing by staff: the chosen gateway issues payment details, confirms or declines a
 * deposit, and pays, fails or rejects a withdrawal. A gateway may only speak for the transactions bound
 * to it (gateway_id), and a confirmed amount is bounded by the order.
 */
const DEPOSIT_RULES = [
  {
    from: "showing",
    to: "pending",
    by: ["gateway"],
    guard: "before_expiry",
    means: "The customer chose a gateway on the page and it issued payment details",
  },
  {
    from: "showing",
    to: "canceled",
    by: ["customer"],
    guard: "before_expiry",
    means: "The customer cancels on the page",
  },
  { from: "showing", to: "expired", by: ["expiry"], means: "No gateway chosen by expires_at" },
  {
    from: "pending",
    to: "completed",
    by: ["gateway"],
    amount: "gateway",
    means: "The gateway confirms the money, with the amount received (at most the order)",
  },
  { from: "pending", to: "canceled", by: ["gateway"], means: "The gateway declines the payment" },
] as const satisfies Lifecycle["transitions"];

/**
 * A withdrawal is claimed for its gateway (showing -> processing) before the order is sent, so the expiry
 * job and the sender can never both act: expiry cancels only one that was never handed over.
 */
const WITHDRAWAL_RULES = [
  {
    from: "showing",
    to: "processing",
    by: ["system"],
    guard: "before_expiry",
    means: "Handed to its gateway (claimed before the order is sent)",
  },
  { from: "showing", to: "canceled", by: ["expiry"], means: "Never handed to the gateway by expires_at" },
  { from: "processing", to: "completed", by: ["gateway"], means: "The gateway paid it out" },
  { from: "processing", to: "failed", by: ["gateway"], means: "The gateway failed to pay it, or refused the order" },
  { from: "processing", to: "rejected", by: ["gateway"], means: "The gateway rejected it" },
] as const satisfies Lifecycle["transitions"];

type ThirdPartyMethodInput<K, S, D, W> = {
  kind: K;
  shape: S;
  label: string;
  prefixes: { deposit: D; withdrawal: W };
};

/**
 * One third-party method (tp-bank, tp-crypto, tp-wallet): its kind (the name in paths, types and callbacks),
 * gateway family, account shape (what its bodies, checks and payment details look like), label and prefixes.
 */
export function thirdPartyMethod<
  const K extends string,
  const S extends AccountShape,
  const D extends string,
  const W extends string,
>({ kind, shape, label, prefixes }: ThirdPartyMethodInput<K, S, D, W>) {
  return defineMethod({
    label,
    dealerSwitch: null,
    pageKind: "gateway-choice",
    callbackExtras: "third-party",
    // The gateway family is the kind itself, upper-cased: never a second name to keep in step.
    thirdParty: { kind, gatewayMethod: kind.toUpperCase() as Uppercase<K>, shape },
    flows: [
      {
        direction: "DEPOSIT",
        origin: "PROVIDER",
        prefix: prefixes.deposit,
        name: `${label} deposit`,
        initial: "showing",
        transitions: DEPOSIT_RULES,
        callback: { kind: "PROVIDER_DEPOSIT", on: ["completed", "canceled", "expired"] },
        ledger: { event: "DEPOSIT", on: "completed" },
      },
      {
        direction: "WITHDRAWAL",
        origin: "PROVIDER",
        prefix: prefixes.withdrawal,
        name: `${label} withdrawal`,
        initial: "showing",
        transitions: WITHDRAWAL_RULES,
        callback: { kind: "PROVIDER_WITHDRAWAL", on: ["completed", "rejected", "failed", "canceled"] },
        ledger: { event: "WITHDRAWAL", on: "completed" },
      },
    ],
  });
}
