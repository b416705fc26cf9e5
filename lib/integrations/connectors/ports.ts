import type { z } from "zod";
import type { ConnectorKind, ConnectorSpec } from "./connector-spec";
import type { PartnerReport } from "./report-port";

/**
 * The ports every partner connector implements, one per partner kind: a card acquirer, a third-party
 * gateway (bank transfer, crypto, e-wallet) and the E-IBAN bank. A connector is one folder under
 * lib/integrations/connectors/<name>/ that exports one `Connector` of its kind; the registry
 * (registry.ts) lists them. The core never speaks a partner's wire format: it hands a connector an order,
 * follows the `NextStep` it returns, gives it what the partner sends back to verify, and asks it for an
 * order's status when a message was lost.
 *
 * Connectors are pure integration code: no database, no lifecycle. They return outcomes; the domain
 * applies them through the lifecycle table.
 */

/** Where the customer's browser goes next in a checkout: a value, so the payment page can follow any partner. */
export type NextStep =
  | { kind: "redirect"; url: string }
  /** An auto-submitted form of signed fields (EST 3D_PAY_HOSTING, most Turkish bank gates). */
  | { kind: "form_post"; url: string; fields: Record<string, string> }
  /** A partner's ready-made markup (iyzico's checkoutFormContent) rendered on our page. */
  | { kind: "html"; html: string }
  | { kind: "iframe"; url: string };

/** What a partner sent us, as received: the raw body is kept so signatures are checked over the exact bytes. */
export type IncomingMessage = {
  method: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  rawBody: string;
  /** The body parsed as application/x-www-form-urlencoded, when it is one (a browser's POST return). */
  form: Record<string, string> | null;
  query: Record<string, string>;
  /** The request's path and query as called (what a version 2 http-partner signature covers). */
  path?: string;
};

/**
 * A signed message's nonce, which the domain remembers (per signer) until `rememberUntil` and refuses when seen again.
 */
export type PartnerNonce = { value: string; rememberUntil: Date };

/** The answer a partner expects to our receipt of its message (JSON, a plain "OK", ...): the connector's. */
export type PartnerAck = { status: number; contentType: string; body: string };

/** A message that failed verification: nothing is recorded; the reason is logged, never shown to the sender. */
export type Unverified = { ok: false; reason: string; ack: PartnerAck };

/** A partner's result code mapped to our words: stored as the transaction's error_code / error_message. */
export type PartnerError = { code: string; message: string };

/**
 * How far 3-D Secure went for a card payment: "full" (the issuer authenticated the card holder) or "half"
 * (the card or the issuer did not take part, or only an attempt was made: no liability shift).
 */
export type ThreeDSecure = "full" | "half";

/** A payment's state at the partner, from a verified return, notification or status inquiry. */
export type PaymentOutcome =
  | {
      status: "approved";
      amount: string;
      partnerReference: string | null;
      authCode?: string | null;
      /**
       * The partner's id of this very charge (iyzico's paymentId), from partners that can charge one order more
       * than once (two checkout tokens of one order): two approvals naming different charges are two charges,
       * never a repeat. Left out by partners that refuse a second charge on an order.
       */
      chargeReference?: string | null;
      threeDSecure?: ThreeDSecure;
      /**
       * What the partner collected from the customer where it documents collecting more than the order (PayTR's
       * total_amount with an installment's interest or a payment method's surcharge): `amount` is the order's, which
       * is what the payment is credited; the difference is raised for staff (`collected_more`), never dropped.
       */
      collected?: string;
      /** What a status answer named, when it names them: the core compares them with the order before applying. */
      orderId?: string;
      currency?: string;
      /**
       * The card as the acquirer shows it, where it returns it in what it signed: its brand (Visa, MasterCard, Troy)
       * and last four digits, for staff to recognise the payment. Never more of the number.
       */
      card?: CardShown;
    }
  | {
      status: "declined";
      error: PartnerError;
      partnerReference: string | null;
      threeDSecure?: ThreeDSecure;
      /**
       * The acquirer took the money although the payment is not accepted here (a half 3-D Secure charge at a
       * dealer that does not accept those): the payment fails and staff are asked to refund the charge.
       */
      chargedAnyway?: true;
      /**
       * What a status answer reports the bank charged, where it names it: the core compares it with the order as
       * it compares an approval's, so a charge not accepted here is about our order before anything is applied.
       */
      charged?: { amount: string; orderId?: string; currency?: string };
    }
  | { status: "cancelled"; error: PartnerError; partnerReference: string | null }
  /**
   * The partner has the order but no verdict yet (3-D started, IPN "waiting", transfer in flight). A partner
   * that reports money received short of the order (NOWPayments' `partially_paid`) says how much: recorded for
   * staff, never credited (the order is paid when the partner says it is paid in full).
   */
  | { status: "pending"; partiallyPaid?: PartialPayment }
  /** The partner does not know the order: it never reached it (or was abandoned before it did). */
  | { status: "not_found" };

/** A card as staff may see it: its brand where known and its last four digits. */
export type CardShown = { brand: string | null; last4: string };

/**
 * The brand of a card from its first digits (IIN ranges), or null: Visa 4, MasterCard 51-55 and 2221-2720, Troy 9792,
 * American Express 34 and 37.
 */
export function cardBrandOfPrefix(prefix: string): string | null {
  if (/^4/.test(prefix)) return "Visa";
  if (/^5[1-5]/.test(prefix) || /^2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720)/.test(prefix)) return "MasterCard";
  if (/^9792/.test(prefix)) return "Troy";
  if (/^3[47]/.test(prefix)) return "American Express";
  return null;
}

/** A masked number as acquirers send it ("435508***4358", "4355 08** **** 4358"): its brand and last four, or null. */
export function cardShownOfMasked(masked: string | undefined): CardShown | null {
  const digits = (masked ?? "").replace(/\s/g, "");
  const m = /^(\d{6})[\d*X]*?(\d{4})$/.exec(digits);
  return m ? { brand: cardBrandOfPrefix(m[1]!), last4: m[2]! } : null;
}

/** Money received short of the order: `amount` in the order's currency at the partner's quote, `paid` in `asset`. */
export type PartialPayment = { amount: string; paid: string; asset: string };

/** A verified message about one of our orders (orderId is our order id / clientRef as we sent it). */
export type VerifiedOutcome = {
  ok: true;
  orderId: string;
  outcome: PaymentOutcome;
  ack: PartnerAck;
  nonce?: PartnerNonce;
};

/**
 * How an outbound call ended when it did not succeed. Only `refused` may fail an order: the connector
 * declares which partner answers are a definite no. `retry` (timeouts, 408, 429, 5xx, network) is sent
 * again with backoff; `duplicate` (the partner already has this order, e.g. a 409 on a known clientRef)
 * means "already accepted": the order waits for the notification or the status inquiry.
 */
export type CallFailure =
  | { kind: "refused"; error: PartnerError }
  | { kind: "retry"; reason: string; retryAfterMs?: number }
  | { kind: "duplicate" };

export class PartnerCallError extends Error {
  constructor(readonly failure: CallFailure) {
    super(
      failure.kind === "refused"
        ? `${failure.error.code}: ${failure.error.message}`
        : failure.kind === "retry"
          ? failure.reason
          : "already accepted",
    );
    this.name = "PartnerCallError";
  }
}

/**
 * What made a partner's answer about one of our orders untrustworthy: not signed with the partner's secret,
 * or about another order (clientRef), direction (kind) or partner reference than the one asked about.
 */
export type AnswerProblem =
  | { field: "signature"; reason: string }
  | { field: "clientRef" | "kind" | "reference"; expected: string; reported: string };

/** An answer that must not be applied: the domain leaves the order as it is and raises it for staff. */
export class PartnerAnswerMismatch extends Error {
  constructor(readonly problem: AnswerProblem) {
    super(
      problem.field === "signature"
        ? problem.reason
        : `the answer names ${problem.field} ${problem.reported}, not ${problem.expected}`,
    );
    this.name = "PartnerAnswerMismatch";
  }
}

/** The answer of "test connection": the partner's cheapest authenticated call, in words for the console. */
export type ConnectionCheck = { ok: boolean; message: string };

type ConnectorBase<Kind extends ConnectorKind, Config> = {
  /** The registry name, as typed in `--connector NAME`. */
  readonly name: string;
  readonly kind: Kind;
  /** What it is and how far it is proven: its display name, status, flows and reconciliation (<name>/spec.ts). */
  readonly spec: ConnectorSpec<Kind>;
  /** Credentials and endpoint URLs; defaults are the partner's documented test host, overridable. */
  readonly configSchema: z.ZodType<Config>;
  /** Config keys that are secrets: encrypted at rest, never logged, shown masked. */
  readonly secretKeys: readonly string[];
  /**
   * The partner is one of the service's own sandboxes: usable only where the sandbox runs (SANDBOX_ENABLED,
   * off in production), so a production dealer configured with it is refused as if it had no connector.
   */
  readonly sandboxOnly?: boolean;
  testConnection(config: Config): Promise<ConnectionCheck>;
  /** What the partner did over a day, for the daily reconciliation (report-port.ts); left out where not built yet. */
  readonly report?: PartnerReport<Config>;
};

// ---------------------------------------------------------------- card acquirers

export type CardOrder = {
  /**
   * Our order id (unique per payment); sent to the acquirer as its order id (EST `oid`, iyzico
   * `basketId`/`conversationId`).
   */
  orderId: string;
  /** Decimal string with two places ("1250.75"). */
  amount: string;
  /** ISO 4217 alpha (TRY); connectors map it (EST 949). */
  currency: string;
  description: string;
  /** Where the partner sends the customer's browser back (a POST form for EST, a token POST for iyzico). */
  returnUrl: string;
  /** Where the partner's server-to-server notifications go, if it sends any. */
  notifyUrl: string;
  lang: "tr" | "en";
  customer: { id: string; name: string; surname: string; email: string; phone: string; ip: string };
  /** The payment closes then: no charge after it. */
  expiresAt: string;
};

export type CardCheckout = {
  next: NextStep;
  partnerReference: string | null;
  /**
   * Set by partners that make a new payable checkout each time one is opened (iyzico mints a token per
   * initialize): the checkout stays payable until then, and opening the order again before then must show this
   * one, never make a second way to pay. Left out where the partner refuses a second payment on the order.
   */
  reuseUntil?: string;
};

export type RefundResult = { ok: true; partnerReference: string | null } | { ok: false; error: PartnerError };

/** Our side of a card order, as a connector checks the acquirer's answers against it. */
export type CardOrderRef = { orderId: string; amount: string; currency: string; partnerReference: string | null };

/**
 * What the core lends a return's verification. `mayAskPartner` claims the right to ask the partner about the
 * payment now: at most once a minute per payment across the fleet, shared with the status inquiry, so returns
 * nobody signed (which anyone can post, over and over) cannot make a bank call each. False: asked less than a
 * minute ago, ask nothing.
 */
export type ReturnContext = { mayAskPartner?: () => Promise<boolean> };

/**
 * What became of a refund that got no answer, as the acquirer's records show it: made (with the refund's
 * reference there) or not made. An inquiry that cannot tell (no answer, an answer it cannot read) throws
 * PartnerCallError("retry"): the refund stays unknown.
 */
export type RefundInquiry = { status: "made"; partnerReference: string | null } | { status: "not_made" };

export interface CardAcquirerConnector<Config = unknown> extends ConnectorBase<"card", Config> {
  /** Idempotent on orderId: opening the same order again gives a checkout for the same order. */
  startCheckout(config: Config, order: CardOrder): Promise<CardCheckout>;
  /**
   * Verifies what the customer's browser brought back (before anything is recorded) against the order we
   * hold: signature, then order id and amount equal to ours. May call the partner (iyzico retrieves by token).
   */
  verifyReturn(
    config: Config,
    message: IncomingMessage,
    lookup: OrderLookup,
    context?: ReturnContext,
  ): Promise<VerifiedOutcome | Unverified>;
  /** A server-to-server notification, for acquirers that send one. */
  verifyNotification?(
    config: Config,
    message: IncomingMessage,
    lookup: OrderLookup,
  ): Promise<VerifiedOutcome | Unverified>;
  /**
   * For acquirers that send every notification of a merchant account to one address set in their panel
   * (PayTR's notification URL), not to the per-payment notifyUrl: the partner reference the message names,
   * read only to find its payment among the dealer's (the dealer's connector then verifies it). Such a
   * connector's notifications arrive at /api/webhooks/acquirer/dealers/<dealer id>.
   */
  notificationReference?(message: IncomingMessage): string | null;
  /** The order's state at the acquirer: recovers a lost return. */
  inquire(config: Config, order: CardOrderRef): Promise<PaymentOutcome>;
  /**
   * Gives back `amount` of the order. `refundId` is ours and the same on every attempt of one refund (sent
   * where the acquirer takes an id of the refund's own). A call without an answer throws PartnerCallError.
   */
  refund(config: Config, order: CardOrderRef & { refundId: string }, amount: string): Promise<RefundResult>;
  /**
   * Whether the refund `refundId` of `amount` was made at the acquirer (a refund whose call got no answer).
   * `recorded` holds the acquirer's references of the order's refunds already recorded here, so a refund the
   * acquirer does not name by our id is not taken for one of them.
   */
  inquireRefund(
    config: Config,
    order: CardOrderRef,
    refund: { refundId: string; amount: string; recorded: readonly string[] },
  ): Promise<RefundInquiry>;
  /**
   * The origins the customer's browser is sent to when a checkout opens (the acquirer's payment page or 3-D
   * gate): the payment page's CSP lets its "Pay by card" form lead there (form-action), and nowhere else.
   * Left out, the origins of the configuration's URLs are taken (checkout-origins.ts).
   */
  checkoutOrigins?(config: Config): string[];
}

/**
 * Finds the order a partner message names, so the connector can check amount and currency against ours: by
 * our order id, or by the partner reference stored for it (a partner that knows the order only by the
 * reference we gave it, as PayTR's merchant_oid). The answer carries our order id.
 */
export type OrderLookup = (orderId: string) => Promise<CardOrderRef | null>;

// ---------------------------------------------------------------- third-party gateways

export type DepositInstructions =
  | { kind: "bank"; iban: string; holder: string; reference: string }
  /** `quoteValidUntil` (ISO 8601): until when the gateway holds the coin amount it quoted, where it says. */
  | {
      kind: "crypto";
      network: string;
      cryptoType: string;
      address: string;
      coinAmount: string;
      reference: string;
      quoteValidUntil?: string;
    }
  | { kind: "wallet"; walletNumber: string; holder: string; reference: string }
  /** The customer pays on the partner's own page (Papara's payment link): a link there, never a form of ours. */
  | { kind: "payment_page"; partner: string; url: string; reference: string };

export type GatewayDepositOrder = {
  clientRef: string;
  amount: string;
  currency: string;
  cryptoType?: string;
  notifyUrl: string;
  returnUrl: string;
  customer: { id: string; name: string; email: string };
};
export type GatewayWithdrawalOrder = {
  clientRef: string;
  amount: string;
  currency: string;
  account: Record<string, string>;
  notifyUrl: string;
  /** When our order was created (ISO 8601): a search for an earlier send of it need not look further back. */
  createdAt?: string;
};

/**
 * What a withdrawal's sending ended with. `unconfirmed`: the partner holds the order but refused to confirm it
 * (NOWPayments refused the payout's verification after creating the payout). It is neither sent again nor a
 * refusal (the order exists and may still go out): the domain records it, raises it for staff and the status
 * inquiry settles it.
 */
export type SubmittedWithdrawal = {
  gatewayReference: string;
  unconfirmed?: PartnerError;
  /**
   * The partner's answer to the create is already its verdict (a Papara mass payment is paid when it is
   * created): applied at once, exactly as a notification saying so would be.
   */
  settled?: PaymentOutcome;
};

/**
 * Finds our withdrawal by the reference its gateway gave it (bound to that gateway): payout messages name only theirs.
 */
export type WithdrawalLookup = (
  gatewayReference: string,
) => Promise<{ orderId: string; amount: string; currency: string; account: Record<string, string> } | null>;

export interface GatewayConnector<Config = unknown> extends ConnectorBase<"gateway", Config> {
  /** Idempotent on clientRef. Throws PartnerCallError on failure. */
  issueDeposit(
    config: Config,
    order: GatewayDepositOrder,
  ): Promise<{ gatewayReference: string; instructions: DepositInstructions; next?: NextStep }>;
  /** Idempotent on clientRef. Throws PartnerCallError on failure. */
  submitWithdrawal(config: Config, order: GatewayWithdrawalOrder): Promise<SubmittedWithdrawal>;
  /**
   * Verifies a notification before anything in it is trusted. `lookup` finds the order it names (bound to
   * this gateway), so a connector whose messages carry amount and currency checks them against ours;
   * connectors that sign over our own fields only may ignore it. `byReference` finds a withdrawal by the
   * gateway's own reference, for messages that carry no reference of ours (NOWPayments' payout IPN); it reads
   * only our database, so the partner gets its answer at once.
   */
  verifyNotification(
    config: Config,
    message: IncomingMessage,
    lookup?: OrderLookup,
    byReference?: WithdrawalLookup,
  ): Promise<(VerifiedOutcome & { direction: "deposit" | "withdrawal" }) | Unverified>;
  inquire(
    config: Config,
    order: {
      clientRef: string;
      direction: "deposit" | "withdrawal";
      gatewayReference: string | null;
      createdAt?: string;
    },
  ): Promise<PaymentOutcome>;
}

// ---------------------------------------------------------------- the E-IBAN bank

export type BankTransferOrder = {
  clientRef: string;
  fromIban: string;
  toIban: string;
  recipientName: string;
  amount: string;
  description: string;
  notifyUrl: string;
};

/** One line of an account's statement, as the bank reports it; `reference` is the bank's and deduplicates. */
export type BankLine = {
  reference: string;
  direction: "incoming" | "outgoing";
  amount: string;
  counterpartyName: string;
  counterpartyIban: string;
  description: string;
  occurredAt: string;
  /** For our own outgoing transfers: the clientRef we gave, so the line settles the transfer. */
  clientRef?: string | null;
  status?: "completed" | "failed";
  reason?: string | null;
  /**
   * The account the line names: always in a pushed notification, optionally on a statement line (the poller
   * asked for one account). It must be an account the verifying credentials may book onto, or nothing is booked.
   */
  accountIban?: string;
};

/** A verified bank notification: an accelerator of the poller, deduplicated on the line's reference. */
export type VerifiedBankMessage = { ok: true; lines: BankLine[]; ack: PartnerAck; nonce?: PartnerNonce };

export interface BankConnector<Config = unknown> extends ConnectorBase<"bank", Config> {
  /** Idempotent on clientRef: submitting again returns the same bank reference. Throws PartnerCallError. */
  submitTransfer(config: Config, order: BankTransferOrder): Promise<{ reference: string }>;
  balance(config: Config, iban: string): Promise<string>;
  /** Most Turkish bank APIs are read, not pushed: the poller pages through this and is the source of truth. */
  listTransactions(
    config: Config,
    iban: string,
    cursor: string | null,
  ): Promise<{ lines: BankLine[]; nextCursor: string | null }>;
  verifyNotification(config: Config, message: IncomingMessage): Promise<VerifiedBankMessage | Unverified>;
  inquireTransfer(
    config: Config,
    clientRef: string,
  ): Promise<{
    status: "completed" | "failed" | "pending" | "not_found";
    reference: string | null;
    reason?: string | null;
  }>;
}
