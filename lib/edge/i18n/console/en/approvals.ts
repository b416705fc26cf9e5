import { wordMap } from "@/lib/edge/i18n/word-map";
/** The approval queues, their confirmations and outcomes, and card payments (refunds). */
export const approvals = {
  heading: "Approvals",
  tabsLabel: "Queues",
  tabs: {
    attention: "Needs attention",
    sent: "Customer says sent",
    withdrawals: "Withdrawals to decide",
    paying: "Being paid out",
    open: "Deposit page open",
  },
  tabHint: {
    attention: "Reported by a bank, the acquirer or a gateway but not applied, or a money setting changed by staff.",
    sent: "The customer says the money was sent: check the account, then approve or reject.",
    withdrawals: "Not yet taken: start processing, or cancel.",
    paying: "Taken: pay it out, then mark it paid, or reject or fail it.",
    open: "The customer has the payment page open; approve only if the money already arrived.",
  },
  filtersLabel: "Filter the queue",
  searchPlaceholder: "Name, username, user id, email, IBAN or code",
  nothingWaiting: "Nothing waiting here.",
  noMatch: "Nothing in this queue matches these filters.",
  shown: (from: number, to: number, total: number) => `${from}–${to} of ${total}, oldest first`,
  waiting: (age: string) => `waiting ${age}`,
  keyboardHint:
    "Keyboard: j / k move between rows, a approves or pays, r rejects, Esc closes a dialog, Enter confirms.",
  previous: "← Older",
  next: "Newer →",
  dealerApi: (origin: string) => `dealer API (${origin})`,
  customerSaysSent: "customer says sent",
  pageOpen: "page open",
  presets: {
    deposit: [
      "No payment arrived",
      "The amount does not match the transfer",
      "The sender's name does not match the customer",
      "Duplicate request",
    ],
    withdrawal: [
      "The IBAN does not belong to the customer",
      "The account holder's name does not match",
      "The bank returned the transfer",
      "Requested by the customer",
    ],
  },
  offeredAccount: "Offered account",
  offeredWallet: "Offered E-IBAN wallet",
  noOfferedAccount: "no account was offered",
  customerChangedAmount: (requested: string, now: string) =>
    `The customer changed the amount on the payment page: the site requested ${requested}, the customer now says ` +
    `${now}.`,
  customerChangedBadge: "amount changed by the customer",
  notTaken: "not taken yet",
  processing: "being paid out",
  sentWaitingForBank: "sent, waiting for the bank",
  approve: "Approve…",
  amountReceived: "Amount received",
  reject: "Reject…",
  matchPayment: "Match payment…",
  incomingPayment: "Incoming payment",
  incomingLine: (amount: string, sender: string, time: string) => `${amount} from ${sender} · ${time}`,
  take: "Start processing",
  approveAndSend: "Approve and send…",
  markPaid: "Mark paid…",
  markFailed: "Mark failed…",
  cancel: "Cancel withdrawal…",
  reasonSeen: "Reason (the customer and the provider see it)",
  reasonIfChanged: "Reason, needed when the amount differs (the customer sees it)",
  confirm: {
    approveTitle: (amount: string, person: string) => `Approve the ${amount} deposit of ${person}?`,
    approveBody:
      "The amount received is credited and the provider is told. This cannot be undone. If less or more arrived, " +
      "type what arrived and say why.",
    approve: "Approve deposit",
    rejectTitle: (amount: string, person: string) => `Reject the ${amount} deposit of ${person}?`,
    rejectBody:
      "Nothing is credited. The customer reads your reason on the payment page; the provider gets a canceled callback.",
    rejectConfirm: "Reject deposit",
    matchTitle: (amount: string, person: string) =>
      `Complete the ${amount} deposit of ${person} with an incoming payment?`,
    matchBody: "The deposit completes at the amount of the payment chosen, and the provider is told.",
    matchConfirm: "Match and complete",
    sendTitle: (amount: string, person: string) => `Send ${amount} to ${person}?`,
    sendBody: (iban: string) =>
      `A bank transfer from the dealer's E-IBAN wallet to ${iban}. Once sent it cannot be called back.`,
    sendConfirm: (amount: string) => `Send ${amount}`,
    paidTitle: (amount: string, person: string) => `Mark the ${amount} paid to ${person}?`,
    paidBody: (iban: string) =>
      `Only when the money has left for ${iban}: the provider is told the withdrawal completed.`,
    paidConfirm: "Mark paid",
    rejectWithdrawalTitle: (amount: string, person: string) => `Reject the ${amount} withdrawal of ${person}?`,
    failTitle: (amount: string, person: string) => `Mark the ${amount} withdrawal of ${person} as failed?`,
    cancelTitle: (amount: string, person: string) => `Cancel the ${amount} withdrawal of ${person}?`,
    withdrawalBody: "Nothing is paid out. The provider is told, with your reason.",
    rejectWithdrawalConfirm: "Reject withdrawal",
    failConfirm: "Mark failed",
    cancelConfirm: "Cancel withdrawal",
  },
  done: {
    approved: (amount: string) => `Approved with ${amount}; the provider is being notified.`,
    rejected: "Rejected; the provider is being notified.",
    matched: "Matched and completed.",
    sent: "Sent to the bank; it completes when the bank confirms.",
    taken: "Taken: it is yours to process.",
    paid: "Marked paid; the provider is being notified.",
    failed: "Marked failed; the provider is being notified.",
    canceled: "Canceled; the provider is being notified.",
  },
  secondApproval: {
    heading: (count: number) => `Awaiting second approval (${count})`,
    intro:
      "A deposit completed with an amount other than the request, or completed late after it expired, needs a " +
      "second admin: someone other than the one who proposed it confirms or declines it.",
    badge: "Awaiting second approval",
    proposedBy: (who: string, amount: string, requested: string) =>
      `${who} proposed ${amount} (requested ${requested})`,
    reason: (reason: string) => `Reason: ${reason}`,
    bankReference: (reference: string) => `Bank reference: ${reference}`,
    late: "Late: the deposit had expired",
    yours: "You proposed this: another admin confirms it.",
    confirm: "Confirm…",
    confirmTitle: (amount: string, person: string) => `Confirm ${amount} for ${person} as the second admin?`,
    confirmBody: "The deposit completes with this amount and the provider is told. This cannot be undone.",
    confirmLabel: "Confirm and complete",
    decline: "Decline…",
    declineTitle: (amount: string, person: string) => `Decline the proposal of ${amount} for ${person}?`,
    declineBody: "Nothing is credited; the deposit stays as it is and can be proposed again.",
    declineLabel: "Decline proposal",
    completeLate: "Complete late…",
    completeLateTitle: (amount: string, person: string) => `Complete the expired ${amount} deposit of ${person}?`,
    completeLateBody:
      "Only when the money is on the account: give the bank's reference and the amount that arrived. A second admin " +
      "must confirm it before it is credited.",
    reference: "Bank reference of the payment",
    proposed: (amount: string) => `Proposed with ${amount}: it completes when another admin confirms it.`,
    confirmed: (amount: string) => `Confirmed: completed with ${amount}; the provider is being notified.`,
    declined: "Proposal declined.",
    needReference: "Give the bank's reference of the payment (at least 3 characters).",
  },
  bulk: {
    label: "Decide the ticked deposits",
    select: (code: string) => `Choose ${code}`,
    approve: "Approve ticked",
    reject: "Reject ticked",
    decision: "Decision",
    reason: "Reason for a rejection (the customer and the provider see it)",
    submit: "Apply to ticked",
    hint:
      "Each deposit is decided on its own, with its requested amount: one that needs a second admin is " +
      "proposed, one that can no longer move is reported.",
    noneChosen: "Tick at least one deposit first.",
    tooMany: (max: number) => `At most ${max} deposits at once.`,
    summary: (done: number, total: number) => `${done} of ${total} done.`,
  },
  refused: {
    unknownTransaction: "Unknown transaction.",
    unknownStep: "Unknown step.",
    enterAmount: "Enter the amount received, e.g. 1.750,50 or 1750.50.",
    needReason: "Give a reason (at least 3 characters): the customer and the provider will see it.",
    needReasonForAmount: (received: string, requested: string) =>
      `The amount received (${received}) differs from the request (${requested}): give a reason, the customer will ` +
      `see it.`,
    alreadyDecided: (code: string, status: string) =>
      `Already decided: ${code} is ${status} now, so this was not done again. The list shows its new state.`,
    conflict: (reason: string) => `Not done: ${reason} Someone else may have handled it; the list is refreshed.`,
  },
};

export const cardPayments = {
  heading: "Card payments",
  order: "Order",
  none: "No card payments yet.",
  dealerApi: "dealer API",
  searchLabel: "Search card payments",
  search: "Tracking code, order, customer or email",
  statusAny: "Any status",
  shown: (from: number, to: number, total: string) => `${from}–${to} of ${total}`,
  noMatch: "No card payments match these filters.",
  refund: "Refund…",
  refundTitle: (amount: string, person: string) => `Refund ${amount} to ${person}?`,
  refundUpTo: (left: string, person: string) => `Refund up to ${left} to ${person}?`,
  refundEntered: "Refund the amount entered",
  refundState: (paid: string, refunded: string, left: string) => `Paid ${paid} · refunded ${refunded} · left ${left}`,
  refundHeld: (amount: string) => `${amount} is being refunded (waiting for the acquirer)`,
  refundedSoFar: (refunded: string, left: string) => `refunded ${refunded} · left ${left}`,
  refundsHeading: "Refunds",
  refundedTotal: "Refunded",
  refundLeft: "Left to refund",
  refundStatus: wordMap({
    approved: "refunded",
    pending: "being asked",
    unknown: "no answer yet",
    refused: "refused by the acquirer",
    error: "could not be asked",
    not_made: "not made",
  }),
  refundRow: (amount: string, status: string, when: string) => `${amount} · ${status} · ${when}`,
  nothingLeft: "Nothing is left to refund.",
  refundBody: "The card is credited back. This cannot be undone; the customer reads your reason on the payment page.",
  refundConfirm: (amount: string) => `Refund ${amount}`,
  refunded: (trackingCode: string) => `${trackingCode} refunded.`,
  refundAmount: "Amount to refund (empty: all that is left)",
  partlyRefunded: (trackingCode: string, amount: string, total: string) =>
    `${amount} of ${trackingCode} refunded (${total} in all); the payment stays successful.`,
  roleCannotRefund: "Your role cannot refund payments.",
  unknownRefunds: "Refunds without an answer",
  unknownRefund: (amount: string, refundId: string, sent: string) =>
    `The acquirer did not answer the refund of ${amount} (${refundId}, sent ${sent}). It stays held and is checked ` +
    `at the acquirer every minute; no other refund of this payment until it is settled.`,
  checkRefund: "Check at the acquirer",
  retryRefund: "Send it again",
  retryRefundHint:
    "Sends the same refund again (same refund id), and only after the acquirer's records show it was not made.",
  refundFoundMade: (refundId: string) => `${refundId} was made at the acquirer: recorded.`,
  refundFoundNotMade: (refundId: string) => `${refundId} was not made at the acquirer: its amount is free again.`,
  refundSentAgain: (refundId: string) => `${refundId} was not made at the acquirer, so it was sent again and approved.`,
};

export type ApprovalMessages = typeof approvals;
export type CardPaymentMessages = typeof cardPayments;
