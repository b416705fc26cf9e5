/** The approval queues, their actions' outcomes, and card payments (refunds). */
export const approvals = {
  heading: "Approvals",
  depositsWaiting: (count: number) => `Deposits waiting (${count})`,
  withdrawalsWaiting: (count: number) => `Withdrawals waiting (${count})`,
  nothingWaiting: "Nothing waiting.",
  dealerApi: (origin: string) => `dealer API (${origin})`,
  customerSaysSent: "customer says sent",
  pageOpen: "page open",
  sentWaitingForBank: "sent, waiting for the bank",
  approve: "Approve",
  amountReceived: "Amount received",
  reject: "Reject",
  matchPayment: "Match payment",
  incomingPayment: "Incoming payment",
  incomingLine: (amount: string, sender: string, time: string) => `${amount} TRY from ${sender} · ${time}`,
  take: "Take",
  approveAndSend: "Approve and send from E-IBAN",
  markPaid: "Mark paid",
  markFailed: "Mark failed",
  cancel: "Cancel withdrawal",
  done: {
    approved: (amount: string) => `Approved with ${amount} TRY; the provider is being notified.`,
    rejected: "Rejected; the provider is being notified.",
    matched: "Matched and completed.",
    sent: "Sent to the bank; it completes when the bank confirms.",
    taken: "Taken: it is yours to process.",
    paid: "Marked paid; the provider is being notified.",
    failed: "Marked failed; the provider is being notified.",
    canceled: "Canceled; the provider is being notified.",
  },
  refused: {
    role: "Your role cannot process transactions.",
    unknownTransaction: "Unknown transaction.",
    unknownStep: "Unknown step.",
    enterAmount: "Enter the amount received, e.g. 1500.00.",
    conflict: (reason: string) => `Not done: ${reason} Someone else may have handled it; the list is refreshed.`,
  },
};

export const cardPayments = {
  heading: "Card payments",
  order: "Order",
  none: "No card payments yet.",
  dealerApi: "dealer API",
  refund: "Refund",
  refunded: (trackingCode: string) => `${trackingCode} refunded.`,
  roleCannotRefund: "Your role cannot refund payments.",
};

export type ApprovalMessages = typeof approvals;
export type CardPaymentMessages = typeof cardPayments;
