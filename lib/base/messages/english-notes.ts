import type { TransitionRefusal } from "./transition-refusal";
import { storedNote, wordNote, type Note, type NoteWords } from "./notes";

/** A reconciliation discrepancy's kind in words (lib/domain/reconciliation/recon-types.ts). */
const RECON_KIND_EN: Record<string, string> = {
  ours_only: "recorded here, not at the partner",
  partners_only: "at the partner, not recorded here",
  amount_differs: "the amount or currency differs",
  status_differs: "the status differs",
};

/**
 * The English words of every note: the console's English dictionary and the service's logs (an alert's
 * log line) use them. These are the wordings notes were stored in before they were keyed.
 */
export const ENGLISH_NOTES: NoteWords = {
  created: () => "Created",
  expiredDeposit: () => "Expired: the payment page was not completed in time",
  expiredWithdrawal: () => "Canceled: never handed to the gateway before expires_at",
  expiredCard: () => "Failed: not completed within 15 minutes",
  amountChanged: ({ previous, amount }) => `Amount changed from ${previous} to ${amount}`,
  customerSent: () => "The customer says the money was sent",
  customerCancelled: () => "Cancelled by the customer",
  acquirerApproved: ({ authCode }) =>
    authCode ? `Approved by the acquirer, auth code ${authCode}` : "Approved by the acquirer",
  acquirerDeclined: ({ code, message }) => `${code}: ${message}`,
  attemptDeclined: ({ attempt, code, message }) =>
    `Attempt ${attempt} declined by the acquirer (${code}: ${message}); the payment stays open for another card`,
  approved: () => "Approved",
  proposed: ({ proposer, status, amount, reference }) =>
    `Second approval requested by ${proposer}: ${status} with ` +
    `${amount}${reference ? `, bank reference ${reference}` : ""}`,
  confirmedByTwo: ({ proposer, confirmer, received, requested, reference, reason }) =>
    `Approved by ${proposer}, confirmed by ${confirmer}, with the received amount ${received} (requested ` +
    `${requested})${reference ? `, bank reference ${reference}` : ""}${reason ? `: ${reason}` : ""}`,
  declinedSecond: ({ who, reason }) => `Second approval declined by ${who}${reason ? `: ${reason}` : ""}`,
  sentAfterExpiry: () => "The customer says the money was sent after the deposit expired",
  approvedAmount: ({ received, requested, reason }) =>
    `Approved with the received amount ${received} (requested ${requested})${reason ? `: ${reason}` : ""}`,
  taken: () => "Taken",
  paidOut: ({ reason }) => (reason ? `Paid out: ${reason}` : "Paid out"),
  rejected: ({ reason }) => (reason ? `Rejected: ${reason}` : "Rejected"),
  failed: ({ reason }) => (reason ? `Failed: ${reason}` : "Failed"),
  canceled: ({ reason }) => (reason ? `Canceled: ${reason}` : "Canceled"),
  refunded: ({ reason }) => (reason ? `Refunded: ${reason}` : "Refunded"),
  partialRefund: ({ amount, reason }) =>
    `Partial refund ${amount} approved by the acquirer${reason ? `: ${reason}` : ""}`,
  matchedByHand: ({ payment, sender }) => `Matched by hand to payment ${payment} from ${sender}`,
  matched: ({ payment, sender }) => `Matched to incoming payment ${payment} from ${sender}`,
  gateway: ({ status, reason }) => (reason ? `Gateway: ${status}, ${reason}` : `Gateway: ${status}`),
  handedToGateway: () => "Handed to the gateway",
  refusedBy: ({ gateway, message }) => `Refused by ${gateway}: ${message}`,
  customerChose: ({ gateway, coin }) =>
    `The customer chose ${gateway}${coin ? ` (${coin})` : ""}; it issued payment details`,
  sentToBank: () => "Sent to the bank",
  bankSent: ({ reference }) => `Sent by the bank, reference ${reference}`,
  bankRefused: ({ reason }) => `The bank refused the transfer: ${reason}`,
  notApplied: ({ source, reported, refusal }) => `Not applied: ${source} reported ${reported}. ${refusal}`,
  lateApproval: ({ code }) => `the acquirer approved the payment after it had failed (${code}); refund the charge.`,
  refundUnknown: ({ amount, refundId }) =>
    `Refund ${amount} (${refundId}) got no answer from the acquirer: unknown, held until the acquirer's records ` +
    `show whether it was made`,
  refundProposed: ({ proposer, amount, refundId, reason }) =>
    `${proposer} proposed refunding ${amount} (${refundId})${reason ? `: ${reason}` : ""}; it is sent to the ` +
    `acquirer when a second admin confirms it`,
  refundConfirmed: ({ proposer, confirmer, amount, refundId }) =>
    `Refund ${amount} (${refundId}) proposed by ${proposer}, confirmed by ${confirmer}: sent to the acquirer`,
  refundDeclined: ({ who, amount, refundId, reason }) =>
    `Refund ${amount} (${refundId}) declined by ${who}${reason ? `: ${reason}` : ""}; nothing was sent`,
  refundNotMade: ({ amount, refundId }) =>
    `Refund ${amount} (${refundId}) was not made: the acquirer's records show no such refund`,
  chargeNotAccepted: ({ code, message }) =>
    `the acquirer charged the card but the payment is not accepted (${code}: ${message}); refund the charge.`,
  inquiryMismatch: ({ source, reported }) =>
    `Not applied: ${source}'s status answer does not match the order (${reported}).`,
  paymentForClosed: ({ status, amount, reference }) =>
    `The deposit is ${status}, but ${amount} arrived for it (bank reference ${reference}).`,
  gatewayLostOrder: ({ gateway }) =>
    `${gateway} accepted this order but its status inquiry does not know it; check with the gateway.`,
  gatewayUnreachable: () => "handed to its gateway but not acknowledged by its expiry time; still retrying.",
  reconDiscrepancy: ({ partner, day, kind, record, amount, order }) =>
    `Reconciliation of ${partner} for ${day}: ${RECON_KIND_EN[kind] ?? kind} (${record} ${amount}, order ${order}).`,
  collectedMore: ({ collected, amount }) =>
    `The partner collected ${collected} from the customer for this ${amount} payment (an installment's interest or ` +
    "a payment method's surcharge): the payment is credited its own amount; the difference is between the customer " +
    "and the partner.",
  secondCharge: ({ charge, amount, credited, authCode }) =>
    `The acquirer charged this paid payment a second time (charge ${charge}, ` +
    `${amount}${authCode ? `, auth code ${authCode}` : ""}; it was paid by charge ${credited}). Not credited: ` +
    `refund charge ${charge} at the acquirer.`,
  partiallyPaid: ({ amount, paid, asset }) =>
    `The customer sent ${paid} ${asset}, worth ${amount} at the gateway's quote: less than the order. Not credited ` +
    `until the gateway reports it paid in full.`,
  gatewayUnconfirmed: ({ gateway, message }) =>
    `${gateway} holds this withdrawal but refused to confirm it (${message}); it may still be paid out. Check it at ` +
    `the gateway; its status inquiry settles it.`,
  bankLineOtherAccount: ({ signer, iban, reference }) =>
    `A bank message verified with ` +
    `${signer ? `the bank secret of wallet ${signer}` : "the sandbox bank's shared secret"} names account ${iban} ` +
    `(bank reference ${reference}), which that secret may not book onto: nothing was booked.`,
  bankLineOtherTransfer: ({ signer, transfer, reference }) =>
    `A bank message verified with ` +
    `${signer ? `the bank secret of wallet ${signer}` : "the sandbox bank's shared secret"} names transfer ` +
    `${transfer} of another wallet (bank reference ${reference}): nothing was settled.`,
  statementUnsigned: ({ wallet, reason }) =>
    `The bank's statement for wallet ${wallet} was not signed for our request (${reason}): nothing on it was ` +
    "booked, and it is read again every minute.",
  partnerAnswerUnsigned: ({ partner }) =>
    `${partner} answered the status inquiry without a valid signature; the answer was not applied.`,
  partnerAnswerMismatch: ({ partner, field, expected, reported }) =>
    `${partner} answered the status inquiry with ${field} ${reported} instead of ${expected}; the answer was not ` +
    `applied.`,
  acquirerSet: ({ dealer, connector, who }) =>
    `${who} set the card acquirer of dealer ${dealer} (${connector}); check that it was meant.`,
  gatewayConnectorSet: ({ gateway, connector, who }) =>
    `${who} changed the connector configuration of gateway ${gateway} (${connector}); check that it was meant.`,
  gatewaySecretRotated: ({ gateway, who }) =>
    `${who} issued a new secret for gateway ${gateway}; check that it was meant.`,
  walletConnectorSet: ({ wallet, connector, who }) =>
    `${who} added E-IBAN wallet ${wallet} with its own bank connector (${connector}); check that it was meant.`,
  adminCreated: ({ email, who }) => `${who} created the admin account ${email}; check that it was meant.`,
  adminReactivated: ({ email, who }) => `${who} reactivated the admin account ${email}; check that it was meant.`,
  adminPasswordSet: ({ email, who }) =>
    `${who} set a new password for the admin account ${email}; check that it was meant.`,
};

/** A note in English as plain text (a log line, the alert's text column): amounts as stored, statuses as codes. */
export function englishNote(n: Note): string {
  return wordNote(n, ENGLISH_NOTES, (name, value) => {
    if (name !== "refusal") return String(value);
    const r = value as TransitionRefusal;
    return `${r.trackingCode} is ${r.from}; it cannot become ${r.to} now (${r.why}).`;
  });
}

/** A stored key and parameters as a note, if the key is one of the catalogue's. */
export function readNote(key: string | null | undefined, params: unknown): Note | null {
  return storedNote(key, params, ENGLISH_NOTES);
}
