import type { TransitionRefusal } from "./transition-refusal";
import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * The catalogue of transaction history notes and alert messages: each is stored as a key and its
 * parameters (transaction_events.note_key/note_params, alerts.message_key/message_params) and worded
 * where it is read, in the reader's language (the console's dictionaries, lib/edge/i18n/console/<lang>/
 * domain.ts `notes`, which must word every key here). Free text typed by staff or sent by a partner (a
 * reject reason, a gateway's words) is a parameter and is never translated.
 *
 * Parameters are named for how they are shown: AMOUNT_PARAMS as money, STATUS_PARAMS as a status word,
 * PERSON_PARAMS as a staff member (hidden from provider viewers), `refusal` as the lifecycle's refusal.
 */
export type NoteParams = {
  created: Empty;
  expiredDeposit: Empty;
  expiredWithdrawal: Empty;
  expiredCard: Empty;
  amountChanged: { previous: string; amount: string };
  customerSent: Empty;
  customerCancelled: Empty;
  acquirerApproved: { authCode?: string };
  acquirerDeclined: { code: string; message: string };
  attemptDeclined: { attempt: string; code: string; message: string };
  approved: Empty;
  proposed: { proposer: string; status: string; amount: string; reference?: string };
  confirmedByTwo: {
    proposer: string;
    confirmer: string;
    received: string;
    requested: string;
    reference?: string;
    reason?: string;
  };
  declinedSecond: { who: string; reason?: string };
  sentAfterExpiry: Empty;
  approvedAmount: { received: string; requested: string; reason?: string };
  taken: Empty;
  paidOut: { reason?: string };
  rejected: { reason?: string };
  failed: { reason?: string };
  canceled: { reason?: string };
  refunded: { reason?: string };
  partialRefund: { amount: string; reason?: string };
  matchedByHand: { payment: string; sender: string };
  matched: { payment: string; sender: string };
  gateway: { status: string; reason?: string };
  handedToGateway: Empty;
  refusedBy: { gateway: string; message: string };
  customerChose: { gateway: string; coin?: string };
  sentToBank: Empty;
  bankSent: { reference: string };
  bankRefused: { reason: string };
  notApplied: { source: string; reported: string; refusal: TransitionRefusal };
  lateApproval: { code: string };
  refundUnknown: { amount: string; refundId: string };
  refundNotMade: { amount: string; refundId: string };
  refundProposed: { proposer: string; amount: string; refundId: string; reason?: string };
  refundConfirmed: { proposer: string; confirmer: string; amount: string; refundId: string };
  refundDeclined: { who: string; amount: string; refundId: string; reason?: string };
  chargeNotAccepted: { code: string; message: string };
  inquiryMismatch: { source: string; reported: string };
  paymentForClosed: { status: string; amount: string; reference: string };
  gatewayLostOrder: { gateway: string };
  gatewayUnreachable: Empty;
  collectedMore: { collected: string; amount: string };
  reconDiscrepancy: { partner: string; day: string; kind: string; record: string; amount: string; order: string };
  secondCharge: { charge: string; amount: string; credited: string; authCode?: string };
  partiallyPaid: { amount: string; paid: string; asset: string };
  gatewayUnconfirmed: { gateway: string; message: string };
  bankLineOtherAccount: { signer?: string; iban: string; reference: string };
  bankLineOtherTransfer: { signer?: string; transfer: string; reference: string };
  partnerAnswerUnsigned: { partner: string };
  statementUnsigned: { wallet: string; reason: string };
  partnerAnswerMismatch: { partner: string; field: string; expected: string; reported: string };
  acquirerSet: { dealer: string; connector: string; who: string };
  gatewayConnectorSet: { gateway: string; connector: string; who: string };
  gatewaySecretRotated: { gateway: string; who: string };
  walletConnectorSet: { wallet: string; connector: string; who: string };
  adminCreated: { email: string; who: string };
  adminReactivated: { email: string; who: string };
  adminPasswordSet: { email: string; who: string };
};

type Empty = Record<string, never>;

export type NoteKey = keyof NoteParams;

/** A note as stored: its key and parameters, checked against the catalogue. */
export type Note = { [K in NoteKey]: { key: K; params: NoteParams[K] } }[NoteKey];

/** A note's parameters as a language shows them: each already worded (money, status, refusal) as a string. */
export type Worded<T> = { [P in keyof T]: string };

/** How a language words every note (parameters already formatted for that language). */
export type NoteWords = { [K in NoteKey]: (params: Worded<NoteParams[K]>) => string };

/** A note in words: each parameter shown by `show` (money, status, person, refusal), then the language's words. */
export function wordNote(n: Note, words: NoteWords, show: (name: string, value: unknown) => string): string {
  const params = Object.fromEntries(Object.entries(n.params).map(([name, value]) => [name, show(name, value)]));
  return (words[n.key] as (p: Record<string, string>) => string)(params);
}

/** Reads a stored key and parameters back; null for a row written before notes were keyed, or a key no longer known. */
export function storedNote(
  key: string | null | undefined,
  params: unknown,
  known: Record<string, unknown>,
): Note | null {
  if (!key || !(key in known)) return null;
  return { key, params: typeof params === "object" && params !== null ? params : {} } as Note;
}

export function note<K extends NoteKey>(key: K, ...params: NoteParams[K] extends Empty ? [] : [NoteParams[K]]): Note {
  const given = (params[0] ?? {}) as Record<string, unknown>;
  // Optional parts left out are not stored as empty strings or nulls: the stored form stays minimal.
  const kept = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined && value !== null && value !== ""),
  );
  return { key, params: kept } as Note;
}

export const AMOUNT_PARAMS: ReadonlySet<string> = new Set(["previous", "amount", "received", "requested"]);
export const STATUS_PARAMS: ReadonlySet<string> = new Set(["status"]);
export const PERSON_PARAMS: ReadonlySet<string> = new Set(["proposer", "confirmer", "who"]);

/** The columns a keyed history note is written to. */
export function noteColumns(n: Note): { noteKey: string; noteParams: Prisma.InputJsonObject } {
  return { noteKey: n.key, noteParams: n.params as Prisma.InputJsonObject };
}
