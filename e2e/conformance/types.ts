import type { Page } from "@playwright/test";
import type { CardShown } from "@/lib/integrations/connectors/ports";
import type { ThirdPartyKind } from "@/lib/domain/payment-methods";

/**
 * The conformance table's vocabulary: one row per registered connector, naming the simulator it is tested
 * against and giving a small adapter over that simulator, so the journeys (card-journeys.ts,
 * gateway-journeys.ts, bank-journeys.ts) are written once and read the same for every partner.
 *
 * A journey that cannot apply to a partner is named in the row's `notApplicable` with the reason; the suite
 * prints it. Nothing else may be left out.
 */

/** Where a row's partner is simulated: a folder under e2e/simulators (a real HTTP server started by the row). */
export type SimulatorFolder = `e2e/simulators/${string}`;

/** What the partner sends us about a payment, held back so the journey decides when, how often and how altered it arrives. */
export interface HeldMessage {
  /** Delivers it as the partner sends it (a repeat is sent again as the partner repeats it); asserts our answer takes it. */
  deliver(): Promise<void>;
  /** The message altered or forged as an attacker would, each delivered; each asserts the answer the protocol gives to what it does not take. */
  forgeries(): { name: string; deliver(): Promise<void> }[];
  /** Lets the partner do what it still does on its own (a notification it repeats until answered); nothing for a return never brought back. */
  release(): Promise<void>;
}

// ---------------------------------------------------------------- card acquirers

export type CardJourney =
  | "configure"
  | "approve"
  | "decline"
  | "abandon"
  | "tampered"
  | "duplicate"
  | "lateApproval"
  | "refund"
  | "refundRefused"
  | "refundTimeout"
  | "refundLost"
  | "lostReturn"
  | "browser";

/** A card payment of ours as the journeys hold it. */
export type CardPayment = { tracking_code: string; order_id: string; payment_url: string; token: string };

/** The app server a row's dealer is configured on (its base URL is where the partner sends the customer back). */
export type AppOrigin = { baseUrl: string };

export interface CardPartner {
  stop(): Promise<void>;
  /** Every control back to normal (after each journey, passed or not). */
  reset(): void;
  /** The dealer's configuration at this partner, with the partner's panel prepared for the dealer where it needs it. */
  configFor(dealerId: number, app: AppOrigin, options?: { timeoutMs?: number }): Promise<Record<string, unknown>>;
  /** A configuration the connector must refuse, and the keys the refusal must name. */
  wrongConfig(good: Record<string, unknown>): { config: Record<string, unknown>; names: string[] };
  /** From where our "Pay by card" sent the browser to the partner's card page: a handle on that page. */
  open(step: string, payment: CardPayment, app: AppOrigin): Promise<unknown>;
  /** The customer pays on that page with the approving or the declining test card. */
  pay(page: unknown, card: "approve" | "decline"): Promise<HeldMessage>;
  /** The refunds the partner made for the order, in kuruş (a void counts as its amount), oldest first. */
  refundsMade(payment: CardPayment): bigint[];
  /** Refunds are refused (a definite no). */
  refuseRefunds(on: boolean): void;
  /** Refunds are carried out but answered only after `ms` (past the connector's timeout); 0: at once again. */
  slowRefunds(ms: number): void;
  /** Refunds are lost on the way: never carried out, never answered. */
  loseRefunds(on: boolean): void;
  /** The partner's end of day, for partners that refund only settled sales (a same-day refund is a void). */
  endOfDay?(): void;
  /** In a 390 px phone browser: the customer, sent to the partner's page by "Pay by card", pays with the approving card. */
  payInBrowser(page: Page): Promise<void>;
  /** What the partner's report (reconciliation) shows, changed as the partner's own books would change. */
  recon: CardReconControls;
}

/**
 * The partner's books changed behind the service's back, for the reconciliation journeys (recon-journeys.ts): each
 * shows in the partner's report as the partner reports it, and nowhere else (no message reaches us).
 */
export interface CardReconControls {
  /** A refund (or a void, as the partner makes it on the day) of `amount` made in the partner's merchant panel. */
  panelRefund(payment: CardPayment, amount: string): void;
  /** The payment's declined attempt approved at the partner after all. */
  approveLate(payment: CardPayment): void;
  /** The partner's sale of the payment for another amount. */
  alterAmount(payment: CardPayment, amount: string): void;
  /** A sale on the dealer's account that the service never sent (partners whose report lists the account's sales). */
  unknownSale?(dealerId: number, amount: string): void;
  /** A chargeback of `amount`, where the partner's report lists chargebacks. */
  chargeback?(payment: CardPayment, amount: string): void;
  /** The report answers an HTTP error status, garbage, or (null) normally again. */
  failReports(mode: number | "garbage" | null): void;
}

export type CardRow = {
  simulator: SimulatorFolder;
  start(): Promise<CardPartner>;
  /** The decline's code (and, where the partner words it, our message) as recorded and called back. */
  decline: { code: string; message?: string };
  /** The code of the partner's refusal of a refund, as recorded and said. */
  refundRefusedCode: string;
  /** What the status inquiry makes of a checkout opened and never paid: no verdict, or an error the partner answers. */
  abandonedInquiry: "no-verdict" | "error";
  /**
   * What the status inquiry makes of an approved payment whose signed return never came: a success, or, where the
   * partner's status answer carries no 3-D Secure level (GVP's order history) and the dealer accepts only full 3-D,
   * a charge not accepted (failed with 3D_UNVERIFIED, staff asked to give the money back). Unset: a success.
   */
  lostReturnInquiry?: "success" | "charge-not-accepted";
  /** The API timeout the refund-timeout journeys configure (ms); the partner's slow answer comes after it. */
  refundTimeoutMs: number;
  /**
   * The card staff see on the approved attempt (the approving test card's brand and last four), as the partner signs
   * it: in what the approve journey delivers (its return or notification), and in the status answer that recovers a
   * lost one (lostReturn, before the held message is let go). Null: the partner signs none there, so nothing is
   * recorded, the masked number its simulator posts unsigned (as the bank does) included; a lostReturn that ends in
   * a charge not accepted records none either.
   */
  cardShown: { approve: CardShown | null; lostReturn: CardShown | null };
  notApplicable?: Partial<Record<CardJourney, string>>;
};

// ---------------------------------------------------------------- third-party gateways

export type GatewayJourney =
  | "configure"
  | "depositApprove"
  | "depositDecline"
  | "depositAbandon"
  | "tampered"
  | "duplicate"
  | "lateApproval"
  | "lostNotification"
  | "withdrawalPaid"
  | "withdrawalRefused"
  | "withdrawalUnknown";

/** A gateway's notification, held; it can also be posted to another gateway's notify URL, where it binds to nothing. */
export interface GatewayMessage extends HeldMessage {
  deliverTo(notifyUrl: string): Promise<void>;
}

export type GatewayDeposit = {
  code: string;
  id: number;
  token: string;
  gatewayId: number;
  gatewayReference: string;
  notifyUrl: string;
};
export type GatewayWithdrawal = { code: string; id: number; gatewayId: number };

export interface GatewayPartner {
  stop(): Promise<void>;
  reset(): void;
  /** The gateway's configuration at this partner (`timeoutMs` where a journey needs a short one). */
  config(options?: { timeoutMs?: number }): Record<string, unknown>;
  wrongConfig(good: Record<string, unknown>): { config: Record<string, unknown>; names: string[] };
  /** What the customer picks on our page besides the gateway (a crypto type). */
  readonly choice?: string;
  /** The customer pays the deposit at the partner; the partner's notification is held for the journey. */
  payDeposit(deposit: GatewayDeposit): Promise<GatewayMessage>;
  /** The partner declines the deposit and says so. */
  declineDeposit(deposit: GatewayDeposit): Promise<GatewayMessage>;
  /** The customer never pays: the partner ends the deposit its own way (its notification, or what its inquiry answers). */
  abandonDeposit(deposit: GatewayDeposit): Promise<void>;
  /** The customer pays, but no notification ever reaches us (only the status inquiry can tell). */
  payDepositSilently(deposit: GatewayDeposit): Promise<void>;
  /** The withdrawal's account fields, for a payout the partner makes or refuses. */
  account(outcome: "paid" | "refused"): Record<string, string>;
  /** The partner's verdict on a withdrawal it holds, notified (a partner that pays on create has nothing left to say). */
  settleWithdrawal(withdrawal: GatewayWithdrawal, outcome: "paid" | "refused", notify: boolean): Promise<void>;
  /** The next withdrawal reaches the partner, but its answer never reaches us. */
  loseNextWithdrawalAnswer(): void;
  /** The partner's payouts for our withdrawal (one, whatever happened on the way). */
  payoutsOf(code: string): number;
  /** What the partner's list of transactions (reconciliation) shows, changed as the partner's own books would change. */
  recon: GatewayReconControls;
}

/** How the partner's report shows a refund made in its panel: a refund record, or the deposit's status turned. */
export type PanelRefundShows = "partners_only/refund" | "status_differs/deposit";

/**
 * The gateway's books changed behind the service's back, for the reconciliation journeys (recon-gateway-journeys.ts):
 * each shows in the partner's list as the partner lists it, and nowhere else (no notification reaches us).
 */
export interface GatewayReconControls {
  /** Money the partner took with none of our orders (a payment without our reference), now. */
  unknownDeposit(amount: string): void;
  /** The partner's record of the deposit says another amount. */
  alterAmount(deposit: GatewayDeposit, amount: string): void;
  /**
   * The deposit the partner declined or let expire (which the service then canceled) paid after all. Absent where
   * the partner cannot (named in `cannot`).
   */
  approveLate?(deposit: GatewayDeposit): void;
  /** The partner pays our withdrawal a second time. */
  payTwice(withdrawal: GatewayWithdrawal): void;
  /**
   * A refund of `amount` made in the partner's panel (where the partner refunds and its list shows it): how the
   * list shows it. Absent where it cannot (named in `cannot`).
   */
  panelRefund?(deposit: GatewayDeposit, amount: string): PanelRefundShows;
  /** The list answers an HTTP error status, garbage, or (null) normally again. */
  failReports(mode: number | "garbage" | null): void;
  /** Why an optional control is absent for this partner (printed by the suite). */
  cannot?: Partial<Record<"approveLate" | "panelRefund", string>>;
}

export type GatewayRow = {
  simulator: SimulatorFolder;
  start(): Promise<GatewayPartner>;
  /** The gateway kind it is tested on, and the CLI flags that kind needs. */
  method: ThirdPartyKind;
  requiredFields: string[];
  cryptoTypes?: string[];
  /** The deposit status the partner's decline (and its abandoned deposit) ends in. */
  declinedStatus: "canceled";
  /** Words of the partner's refusal that the failed withdrawal keeps. */
  withdrawalRefusal: string;
  notApplicable?: Partial<Record<GatewayJourney, string>>;
};

// ---------------------------------------------------------------- the E-IBAN bank

export type BankJourney =
  | "configure"
  | "incomingMatched"
  | "tampered"
  | "duplicate"
  | "foreignLine"
  | "lostNotification"
  | "transferPaid"
  | "transferRefused"
  | "transferUnknown"
  | "replay";

/** An incoming payment on a dealer's account, as the bank reports it. */
export type IncomingPayment = {
  iban: string;
  reference: string;
  amount: string;
  senderName: string;
  description: string;
};

export type BankAnswer = { status: number; json: Record<string, unknown> };

/** A notification of the bank's, held: the journey decides when and how often it is sent, altered or replayed. */
export interface BankMessage {
  /** Sends it as the bank sends it (signed anew each time, as the bank's own retries are): our answer. */
  send(): Promise<BankAnswer>;
  /** The message altered or forged as an attacker would, each delivered; each asserts our refusal. */
  forgeries(): { name: string; deliver(): Promise<void> }[];
  /** The very bytes and headers of the last send, again (a captured message replayed); asserts our refusal. */
  replay(): Promise<void>;
}

export interface BankPartner {
  stop(): Promise<void>;
  reset(): void;
  /** A wallet's configuration at this bank (`timeoutMs` where a journey needs a short one). */
  config(options?: { timeoutMs?: number }): Record<string, unknown>;
  wrongConfig(good: Record<string, unknown>): { config: Record<string, unknown>; names: string[] };
  /** An account at the bank with this balance. */
  openAccount(iban: string, balance: string): void;
  /** Money arrives on the account; the bank's notification of it, held (the line is on the statement from its first send). */
  incoming(payment: IncomingPayment, webhookUrl: string): BankMessage;
  /** Money arrives on the account; only the statement shows it. */
  incomingSilently(payment: IncomingPayment): void;
  /** The bank's notification of a transfer's outcome (it need not be one of this bank's transfers), held. */
  transferNotice(transferId: string, outcome: "completed" | "failed", webhookUrl: string): BankMessage;
  /** The bank's verdict on our transfer from `iban`: carried out (or refused), notified or only on the statement. */
  settleTransfer(
    iban: string,
    transferId: string,
    outcome: "completed" | "failed",
    via: "notification" | "statement",
    webhookUrl: string,
  ): Promise<void>;
  /** The next transfer order reaches the bank, but its answer never reaches us. */
  loseNextTransferAnswer(): void;
  /** The bank's transfer orders for our transfer id (one, whatever happened on the way). */
  transfersOf(transferId: string): number;
  /** What the bank's statement of a period (reconciliation) shows, changed as the bank's own books would change. */
  recon: BankReconControls;
}

/**
 * The bank's books changed behind the service's back, for the reconciliation journeys (recon-bank-journeys.ts): each
 * shows in the bank's statement of the period, and no notification of it reaches us.
 */
export interface BankReconControls {
  /**
   * A payment received on the account that the bank posts to its statement without telling us, after our statement
   * poller's last pass (the journey holds the poller off): a line the service never booked. Its reference.
   */
  unbookedIncoming(iban: string, amount: string): string;
  /** The bank's line (a payment received, by its reference; our transfer, by its transfer id) says another amount. */
  alterAmount(referenceOrTransferId: string, amount: string): void;
  /** The bank carries out our transfer a second time. */
  payTwice(transferId: string): void;
  /** The statement of a period answers an HTTP error status, garbage, or (null) normally again. */
  failReports(mode: number | "garbage" | null): void;
}

export type BankRow = {
  simulator: SimulatorFolder;
  start(): Promise<BankPartner>;
  notApplicable?: Partial<Record<BankJourney, string>>;
};
