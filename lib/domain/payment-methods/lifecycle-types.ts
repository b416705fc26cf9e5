import type { CallbackKind, Direction, Origin, TransactionStatus } from "@/lib/generated/prisma/enums";

/**
 * Who may cause a transition. Staff are admins (the console's admins and the admin CLI) or the staff of
 * the dealer that carries the transaction; the bank, the acquirer and the gateway speak through their
 * signed notifications; expiry is the job that runs out the clock; system is the service's own work
 * (handing a withdrawal to its gateway).
 */
export const ACTOR_ROLES = [
  "customer",
  "admin",
  "dealer_staff",
  "bank",
  "acquirer",
  "gateway",
  "expiry",
  "system",
] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/**
 * Whether the transition may set the final amount and from where:
 * - `staff`: the amount received, typed by staff: positive and at most the maximum per transaction of the
 *   account that owns the transaction (the provider's for provider deposits, the dealer's for dealer ones);
 * - `bank_line`: the amount of the bank's incoming payment matched to the deposit (the line is required);
 * - `gateway`: the amount the gateway reports, more than zero and at most the order's amount.
 * Absent: the amount stays as requested.
 */
export type AmountSource = "staff" | "bank_line" | "gateway";

/**
 * Conditions checked under the row lock besides the status:
 * - `unsent`: no bank transfer exists for the withdrawal (once one is sent, only the bank decides);
 * - `before_expiry`: expires_at has not passed (after it, only expiry may act);
 * - `retry_left`: expires_at has not passed and the card payment has had fewer than MAX_CARD_ATTEMPTS
 *   attempts at its acquirer (lib/domain/transactions/lifecycle.ts), so the customer may try another card.
 */
export type Guard = "unsent" | "before_expiry" | "retry_left";

/**
 * When a staff move needs a second person (four eyes): the first staff member's decision is stored as a
 * proposal (no status change, no callback) and the move happens only when an admin other than the
 * proposer confirms it.
 * - `amount_differs`: when the amount set differs from the requested one by more than
 *   settings.fourEyesAmountTolerance (default 0.00: any difference);
 * - `always`: every time (a late completion of a deposit that already expired);
 * - `money_out`: when the amount paid out is above settings.fourEyesMoneyOutAbove (default 10000.00).
 */
export type FourEyes = "amount_differs" | "always" | "money_out";

/** Evidence a move needs besides the amount: `bank_reference`, the bank's reference of the payment (text). */
export type Evidence = "bank_reference";

export type TransitionRule = {
  readonly from: TransactionStatus;
  readonly to: TransactionStatus;
  readonly by: readonly ActorRole[];
  readonly amount?: AmountSource;
  readonly guard?: Guard;
  readonly fourEyes?: FourEyes;
  readonly evidence?: Evidence;
  /** What the move means, for docs/lifecycle.md and the console's history hints. */
  readonly means: string;
};

/**
 * One flow of one payment method: who starts it (origin), its direction, its tracking-code prefix, the
 * status it is created in, every allowed transition, and the callback its statuses owe.
 */
export type Lifecycle = {
  readonly direction: Direction;
  readonly origin: Origin;
  readonly prefix: string;
  readonly name: string;
  readonly initial: TransactionStatus;
  readonly transitions: readonly TransitionRule[];
  /** The callback owed when the transaction reaches one of `on`; null: this flow sends none. */
  readonly callback: { readonly kind: CallbackKind; readonly on: readonly TransactionStatus[] } | null;
  /** The customer may change the amount on the payment page while it is in this status. */
  readonly customerAmountChange?: TransactionStatus;
  /**
   * The money event the flow posts to the ledger (docs/ledger.md) and the status whose reaching posts it:
   * the transition core writes the entry set in the same database transaction as that move.
   */
  readonly ledger: { readonly event: "DEPOSIT" | "WITHDRAWAL" | "CARD_PAYMENT"; readonly on: TransactionStatus };
};

/**
 * What a third-party kind's customer account is, and so the shape of its API bodies, its withdrawal account
 * check, its payment details and the sandbox's behaviour: an IBAN, a crypto address on a network, or a wallet
 * number. A new kind of an existing shape is its method definition and its words; everything else follows.
 */
export const ACCOUNT_SHAPES = ["bank", "crypto", "wallet"] as const;
export type AccountShape = (typeof ACCOUNT_SHAPES)[number];

/**
 * The names dealers switch methods on and off with (their columns: dealer-switches.ts; the refusal while one is off:
 * methodDisabled in lib/base/messages/errors.ts).
 */
export type DealerSwitch = "credit_card" | "eiban" | "manual_iban";

/**
 * What the hosted payment page shows for the method's transactions: a bank account of the dealer to send
 * money to, the dealer's E-IBAN wallet, the acquirer's card checkout, or the gateways to choose from. The page
 * and its loader hold a record keyed by these, so a new kind fails the type check there.
 */
export type PageKind = "bank-transfer" | "eiban-transfer" | "card-checkout" | "gateway-choice";

/**
 * What a method's callbacks carry besides the common fields: nothing, or the third-party fields (type,
 * payment_method and the account details used). callback-payload.ts holds a record keyed by these.
 */
export type CallbackExtras = "none" | "third-party";

export type MethodDefinition = {
  readonly label: string;
  readonly flows: readonly Lifecycle[];
  /** The dealer switch the method answers to; null: dealers do not switch it. */
  readonly dealerSwitch: DealerSwitch | null;
  readonly pageKind: PageKind;
  readonly callbackExtras: CallbackExtras;
  /**
   * Methods 4-6: the kind's name in paths, types and callbacks, its gateway family (derived: the kind upper-cased)
   * and its account's shape.
   */
  readonly thirdParty?: {
    readonly kind: string;
    readonly gatewayMethod: Uppercase<string>;
    readonly shape: AccountShape;
  };
};

/**
 * A payment method's one definition (its folder's method.ts): every field is required, so a new method
 * decides each of them, and the literal types (prefixes, statuses) stay for the derived lists.
 */
export function defineMethod<const D extends MethodDefinition>(definition: D): D {
  return definition;
}
