import type { CallbackKind, Direction, Origin, TransactionStatus } from "@/lib/generated/prisma/enums";
import { CREDIT_CARD } from "./credit-card/method";
import { EIBAN } from "./eiban/method";
import type { AccountShape, ActorRole, Lifecycle, MethodDefinition, TransitionRule } from "./lifecycle-types";
import { MANUAL_BANK } from "./manual-bank/method";
import { TP_BANK } from "./tp-bank/method";
import { TP_CRYPTO } from "./tp-crypto/method";
import { TP_WALLET } from "./tp-wallet/method";

export type {
  AccountShape,
  ActorRole,
  AmountSource,
  CallbackExtras,
  DealerSwitch,
  Evidence,
  FourEyes,
  Guard,
  Lifecycle,
  MethodDefinition,
  PageKind,
  TransitionRule,
} from "./lifecycle-types";
export { ACCOUNT_SHAPES, ACTOR_ROLES, defineMethod } from "./lifecycle-types";

/**
 * The registry: one line per payment method, each defined once in its folder (`<method>/method.ts`: flows
 * with prefixes, initial statuses and transitions, dealer switch, payment-page kind, callback extras). Its keys are
 * the methods (`PaymentMethod`): the database stores them as text checked against payment_method_keys, which every
 * entry point that migrates fills from here (registryKeys), so a new method needs no migration; the lists below, the
 * dealer switches, the dashboard's order and the create sites read it.
 * The order is the dashboard's (a method keeps its colour) and the docs'.
 */
export const PAYMENT_METHODS = {
  MANUAL_BANK,
  EIBAN,
  CREDIT_CARD,
  TP_BANK,
  TP_CRYPTO,
  TP_WALLET,
} as const satisfies Record<string, MethodDefinition>;

/** A payment method: a key of the registry, as transactions, fees and gateways store it. */
export type PaymentMethod = keyof typeof PAYMENT_METHODS;

/**
 * What each status is, for every method at once. A new status in the schema's enum fails the type check
 * here. `final`: no move leaves it, except a card's refund and the late completion of an expired bank deposit (E-IBAN
 * match, manual with four eyes).
 */
export const STATUSES = {
  showing: { final: false },
  pending: { final: false },
  processing: { final: false },
  completed: { final: true },
  canceled: { final: true },
  expired: { final: true },
  rejected: { final: true },
  failed: { final: true },
  success: { final: true },
  cancelled: { final: true },
  refunded: { final: true },
} as const satisfies Record<TransactionStatus, { final: boolean }>;

export const ALL_STATUSES = Object.keys(STATUSES) as TransactionStatus[];
export const METHODS = Object.keys(PAYMENT_METHODS) as PaymentMethod[];

type Flow = { method: PaymentMethod; lifecycle: Lifecycle };

/** Every flow of every method, flattened: what docs, tests and derived lists walk over. */
export const FLOWS: Flow[] = METHODS.flatMap((method) =>
  (PAYMENT_METHODS[method] as MethodDefinition).flows.map((lifecycle) => ({ method, lifecycle })),
);

/** Tracking-code prefixes, as the table spells them. */
export type TrackingPrefix = (typeof PAYMENT_METHODS)[PaymentMethod]["flows"][number]["prefix"] | "TRF";

/** The lifecycle of a transaction of this method, direction and origin; null when the table has none. */
export function lifecycleOf(t: { method: string; direction: Direction; origin: Origin }): Lifecycle | null {
  // A row's method is text (payment_method_keys checks it): one the registry no longer has is an error, not a guess.
  const definition: MethodDefinition = PAYMENT_METHODS[paymentMethodOf(t.method)];
  return definition.flows.find((f) => f.direction === t.direction && f.origin === t.origin) ?? null;
}

type FlowsOf<M extends PaymentMethod> = (typeof PAYMENT_METHODS)[M]["flows"][number];
type FlowOf<M extends PaymentMethod, D extends Direction, O extends Origin> = Extract<
  FlowsOf<M>,
  { direction: D; origin: O }
>;

/**
 * A method's flow for a direction and origin, as its definition has it: where create sites read the
 * tracking-code prefix and the initial status. A flow the definition lacks fails the type check (never).
 */
export function flowOf<
  M extends PaymentMethod,
  D extends FlowsOf<M>["direction"],
  O extends Extract<FlowsOf<M>, { direction: D }>["origin"],
>(method: M, direction: D, origin: O): FlowOf<M, D, O> {
  const flow = lifecycleOf({ method, direction, origin });
  if (!flow) throw new Error(`${method} has no ${origin} ${direction} flow`);
  return flow as FlowOf<M, D, O>;
}

/** The rule that lets `actor` move a transaction of this lifecycle from `from` to `to`, if any. */
export function ruleFor(
  lifecycle: Lifecycle,
  from: TransactionStatus,
  to: TransactionStatus,
  actor: ActorRole,
): TransitionRule | null {
  return lifecycle.transitions.find((r) => r.from === from && r.to === to && r.by.includes(actor)) ?? null;
}

/** Every actor the table allows for from -> to (empty: no such move). */
export function actorsFor(lifecycle: Lifecycle, from: TransactionStatus, to: TransactionStatus): ActorRole[] {
  return [...new Set(lifecycle.transitions.filter((r) => r.from === from && r.to === to).flatMap((r) => r.by))];
}

/** The callback kind a transaction owes in `status`, or null. */
export function callbackOwed(lifecycle: Lifecycle, status: TransactionStatus): CallbackKind | null {
  return lifecycle.callback && lifecycle.callback.on.includes(status) ? lifecycle.callback.kind : null;
}

/** The status the expiry job moves a transaction to from `status`, or null if time does not act there. */
export function expiryTarget(lifecycle: Lifecycle, status: TransactionStatus): TransactionStatus | null {
  return lifecycle.transitions.find((r) => r.from === status && r.by.includes("expiry"))?.to ?? null;
}

/** Statuses in which the expiry job acts on some flow: what its query looks for. */
export const EXPIRING_STATUSES: { direction: Direction; status: TransactionStatus }[] = uniqueBy(
  FLOWS.flatMap(({ lifecycle }) =>
    lifecycle.transitions
      .filter((r) => r.by.includes("expiry"))
      .map((r) => ({ direction: lifecycle.direction, status: r.from })),
  ),
  (x) => `${x.direction}:${x.status}`,
);

type ThirdPartyOf<M extends PaymentMethod> = (typeof PAYMENT_METHODS)[M] extends { thirdParty: infer T } ? T : never;
/** What a third-party method declares (kind, gateway family, shape), per method of the table. */
type ThirdPartyInfo = { [M in PaymentMethod]: ThirdPartyOf<M> & { method: M } }[PaymentMethod];

/** The third-party kinds (methods 4-6) as their definitions name them: a new definition adds its kind. */
export type ThirdPartyKind = ThirdPartyInfo["kind"];
/** A third-party kind's gateway family, as gateways store it: the kind upper-cased (BANK, CRYPTO, WALLET). */
export type GatewayMethod = Uppercase<ThirdPartyKind>;

/** Whether a stored text is one of the registry's methods. */
export function isPaymentMethod(value: string): value is PaymentMethod {
  return Object.hasOwn(PAYMENT_METHODS, value);
}

/** A gateway family read back from the database (text checked by payment_method_keys) as the registry's type. */
export function gatewayMethodOf(value: string): GatewayMethod {
  if (!THIRD_PARTY.some((k) => k.gatewayMethod === value))
    throw new Error(`${value} is not a gateway family of the registry`);
  return value as GatewayMethod;
}

/** A method read back from the database (text checked by payment_method_keys) as the registry's type. */
export function paymentMethodOf(value: string): PaymentMethod {
  if (!isPaymentMethod(value)) throw new Error(`${value} is not a payment method of the registry`);
  return value;
}
/** The account shape a kind's definition declares (its API bodies, account check, payment details). */
export type ShapeOf<K extends ThirdPartyKind> = Extract<ThirdPartyInfo, { kind: K }>["shape"];
/** A kind's tracking-code prefix for a direction, as its definition spells it. */
export type KindPrefix<K extends ThirdPartyKind, D extends Direction> = Extract<
  FlowsOf<Extract<ThirdPartyInfo, { kind: K }>["method"]>,
  { direction: D }
>["prefix"];

/** Third-party kinds (methods 4-6) and their methods, from the table. */
export const THIRD_PARTY: {
  kind: ThirdPartyKind;
  method: PaymentMethod;
  gatewayMethod: GatewayMethod;
  shape: AccountShape;
  prefixes: Record<Direction, string>;
}[] = METHODS.flatMap((method) => {
  const definition: MethodDefinition = PAYMENT_METHODS[method];
  const prefixes = Object.fromEntries(definition.flows.map((f) => [f.direction, f.prefix])) as Record<
    Direction,
    string
  >;
  return definition.thirdParty
    ? [
        {
          ...definition.thirdParty,
          kind: definition.thirdParty.kind as ThirdPartyKind,
          gatewayMethod: definition.thirdParty.gatewayMethod as GatewayMethod,
          method,
          prefixes,
        },
      ]
    : [];
});

/** The gateway families, one per third-party kind, in the registry's order. */
export const GATEWAY_METHODS = THIRD_PARTY.map((k) => k.gatewayMethod);

/** Each third-party kind mapped through `make`, keyed by kind: how per-kind tables are built from the shapes. */
export function perKind<T>(make: (info: (typeof THIRD_PARTY)[number]) => T): Record<ThirdPartyKind, T> {
  return Object.fromEntries(THIRD_PARTY.map((info) => [info.kind, make(info)])) as Record<ThirdPartyKind, T>;
}

/** The third-party methods (4-6) and each one's kind. */
export type ThirdPartyMethod = ThirdPartyInfo["method"];
export type KindOf<M extends ThirdPartyMethod> = Extract<ThirdPartyInfo, { method: M }>["kind"];

/** The shape of a kind's account. */
export function shapeOf(kind: ThirdPartyKind): AccountShape {
  return THIRD_PARTY.find((k) => k.kind === kind)!.shape;
}

/**
 * What staff decide by hand, per direction: the methods with a staff transition and the statuses those
 * transitions leave from (the approvals queues and the dashboard's queue sizes).
 */
export function staffQueue(
  direction: Direction,
  origin?: Origin,
): { methods: PaymentMethod[]; statuses: TransactionStatus[] } {
  const flows = FLOWS.filter(
    ({ lifecycle }) => lifecycle.direction === direction && (!origin || lifecycle.origin === origin),
  );
  // Expired deposits are completed late from the "Needs attention" queue (their alert), not from these queues.
  const staffRules = flows.flatMap(({ method, lifecycle }) =>
    lifecycle.transitions
      .filter((r) => r.by.includes("admin") && r.to !== "refunded" && r.from !== "expired")
      .map((r) => ({ method, from: r.from })),
  );
  return {
    methods: [...new Set(staffRules.map((r) => r.method))],
    statuses: [...new Set(staffRules.map((r) => r.from))],
  };
}

/** The statuses a flow can be in (initial and every transition's ends), in the order they first appear. */
export function statesOf(lifecycle: Lifecycle): TransactionStatus[] {
  return [...new Set([lifecycle.initial, ...lifecycle.transitions.flatMap((r) => [r.from, r.to])])];
}

/**
 * The status a callback of `kind` carries for a transaction that reached `status`. The dealer's card callback knows
 * success and failed only (the dealer API: failed also covers expiry, and a customer's cancel, sent with error_code
 * CANCELLED); every other callback carries the transaction's status.
 */
export function callbackStatusSent(kind: CallbackKind, status: TransactionStatus): TransactionStatus {
  return kind === "DEALER_CARD" && status !== "success" ? "failed" : status;
}

/** Callback statuses of a kind as sent, over every flow that sends it (the OpenAPI document's enums). */
export function callbackStatuses(kind: CallbackKind): TransactionStatus[] {
  return [
    ...new Set(
      FLOWS.flatMap(({ lifecycle }) =>
        lifecycle.callback?.kind === kind ? lifecycle.callback.on.map((s) => callbackStatusSent(kind, s)) : [],
      ),
    ),
  ];
}

type AnyFlow = (typeof PAYMENT_METHODS)[PaymentMethod]["flows"][number];
/** The statuses a callback kind can carry, as literal types from the table. */
export type CallbackStatusOf<K extends CallbackKind> = Extract<
  NonNullable<AnyFlow["callback"]>,
  { kind: K }
>["on"][number];

/** The same as a non-empty tuple, for z.enum in the response schemas and the OpenAPI document. */
export function callbackStatusEnum<K extends CallbackKind>(kind: K): [CallbackStatusOf<K>, ...CallbackStatusOf<K>[]] {
  return callbackStatuses(kind) as [CallbackStatusOf<K>, ...CallbackStatusOf<K>[]];
}

type CardFlow = (typeof PAYMENT_METHODS)["CREDIT_CARD"]["flows"][number];
export type CardStatus = CardFlow["initial"] | CardFlow["transitions"][number]["to"];

/** Every status a card payment can be in (the card status record's enum). */
export const CARD_STATUSES = statesOf(PAYMENT_METHODS.CREDIT_CARD.flows[0]) as [CardStatus, ...CardStatus[]];

/** The third-party kinds as a tuple, for enums (payment_method in callbacks). */
export const THIRD_PARTY_KINDS = THIRD_PARTY.map((k) => k.kind) as [ThirdPartyKind, ...ThirdPartyKind[]];

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/** The statuses `actor` may move a transaction to from where it stands (guards aside): what a screen offers. */
export function movesFor(
  t: { method: string; direction: Direction; origin: Origin; status: TransactionStatus },
  actor: ActorRole,
): TransitionRule[] {
  const lifecycle = lifecycleOf(t);
  return lifecycle ? lifecycle.transitions.filter((r) => r.from === t.status && r.by.includes(actor)) : [];
}
