/** The sandbox acquirer's checkout and 3-D Secure pages, as a customer testing a card payment reads them. */
const STATES: Record<string, string> = {
  open: "open",
  challenge: "waiting for 3-D Secure",
  approved: "approved",
  declined: "declined",
  cancelled: "cancelled",
  expired: "expired",
  silent: "waiting for the bank",
};

export const en = {
  banner: "Sandbox acquirer: test cards only",
  issuerBanner: "Sandbox issuer: 3-D Secure",
  pay: (amount: string) => `Pay ${amount}`,
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "Security code",
  submit: "Pay",
  processing: "Processing…",
  cancel: "Cancel and return to the merchant",
  state: (status: string) => `This checkout is ${STATES[status] ?? status}.`,
  testCards: "Test cards (any future expiry, any CVC; 3-D Secure code 123456)",
  confirmTitle: "Confirm your payment",
  otp: "One-time code sent to your phone",
  verify: "Verify",
  verifying: "Verifying…",
  sandboxCode: "Sandbox code: 123456",
  /** The test cards' labels (lib/integrations/sandbox/acquirer/test-cards.ts) in this language. */
  cardLabel: (label: string) => label,
  errors: {
    closed: "This checkout is no longer open.",
    number: "The card number is not valid.",
    expiry: "The expiry date is not valid (MM/YY, in the future).",
    cvc: "The security code is 3 or 4 digits.",
    disabled: "The sandbox is disabled.",
    other: "Something went wrong.",
  },
};

export type SandboxAcquirerMessages = typeof en;
