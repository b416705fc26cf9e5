import { fullStop } from "@/lib/edge/i18n/full-stop";
import { wordMap } from "@/lib/edge/i18n/word-map";
import { methodWords } from "@/lib/edge/i18n/methods/en";

/**
 * Everything a customer reads on the hosted payment pages. Amounts arrive formatted ("1.500,00 TL", see
 * lib/base/money/format-money.ts), so no sentence names a currency of its own.
 */
export const en = {
  deposit: "Deposit",
  amount: "Amount",
  changeAmount: "Change amount",
  updateAmount: "Update amount",
  allowedRange: (min: string, max: string) => `Between ${min} and ${max}. You can type 1,750.50 or 1.750,50.`,
  sendTo: "Send the exact amount by bank transfer to this account",
  bank: "Bank",
  holder: "Account holder",
  iban: "IBAN",
  reference: "Description to write",
  referenceHint: "Write this code in the transfer description so we can match your payment.",
  copy: "Copy",
  copied: "Copied",
  timeLeft: "Time left",
  sent: "I have sent the money",
  cancel: "Cancel",
  cancelConfirm:
    "Cancel this payment request? If you already sent the money, do not cancel: tap “I have sent the money” instead.",
  cancelYes: "Yes, cancel this payment",
  keepPaying: "No, keep it open",
  amountCheck: (from: string, to: string) => `Change the amount from ${from} to ${to}?`,
  amountCheckHint: "That is a big change. Check that this is what you will send.",
  amountCheckYes: (to: string) => `Yes, change it to ${to}`,
  amountCheckNo: (from: string) => `No, keep ${from}`,
  transferDetails: "Transfer details",
  pendingDetailsHint: "Not sent yet? Send it with these details; write the code in the description.",
  pendingTitle: "We are checking your transfer",
  pendingBody:
    "This usually takes a few minutes. You can close this page; the site will be told when the money arrives.",
  language: "Language",
  eibanNote: "Send from an account in your own name.",
  working: "One moment…",
  sending: "Telling the site…",
  cancelling: "Cancelling…",
  updating: "Updating…",
  cardPayment: "Card payment",
  payByCard: "Pay by card",
  openingBank: "Opening the bank's page…",
  cardStepTitle: "Card payment · your bank's secure page",
  continueToBank: "Continue to the bank's secure page",
  cardStepNote: "You are being taken to your bank's page. If nothing happens, press the button.",
  cardFrameNote: "Enter your card in the secure frame below. Once the payment is decided you are taken back.",
  backToPayment: "Back to the payment page",
  cardNote:
    "You will enter your card on the bank's secure page and confirm it with 3-D Secure. We never see your card number.",
  waitingBankTitle: "Waiting for the bank's answer",
  waitingBankBody: "If you completed the payment, the result appears here in a moment.",
  chooseHow: "How would you like to pay?",
  // One word per third-party kind, with the method's other words (i18n/methods).
  kinds: methodWords.payKind,
  chooseGateway: "Provider",
  coin: "Coin and network",
  continue: "Continue",
  preparing: "Getting the payment details…",
  noGateway: "No provider of this kind can take this amount. Choose another way to pay above.",
  network: "Network",
  address: "Address",
  coinAmount: "Exact amount to send",
  walletNumber: "Wallet number",
  scanQr: "Scan with your wallet app",
  waitingGatewayTitle: "Waiting for the payment",
  waitingGatewayBody: "Pay with the details below. This page updates by itself when the provider confirms it.",
  pageTitle: (site: string) => `Payment · ${site}`,
  payingFor: (site: string) => `You are paying ${site}.`,
  operatedBy: (company: string) => fullStop(`Operated by ${company}`),
  secureConnection: "This page is served over a secure connection.",
  logoOf: (site: string) => `${site} logo`,
  until: (time: string) => `until ${time}`,
  lowTime: (time: string) => `Only a few minutes left: finish before ${time}, when this payment request closes.`,
  amountLocked: "Too little time is left to change the amount.",
  checkAgain: "Check again",
  refreshes: "Without JavaScript this page reloads itself every 15 seconds.",
  cancelPayment: "Cancel payment",
  cancelCardConfirm: (site: string) => `Cancel this card payment and go back to ${site}? Nothing has been charged.`,
  cancelChoiceConfirm: (site: string) =>
    `Cancel this payment request and go back to ${site}? Nothing has been paid yet.`,
  paymentFor: "Payment for",
  acceptedCards: "Cards accepted",
  statementName: (dealer: string) => `Your card statement will show the charge as ${dealer}.`,
  cardDeclinedTitle: "Your card was declined",
  cardDeclinedBody: (reason: string) => `The payment did not go through: ${reason} Nothing was charged.`,
  tryAgainUntil: (time: string, left: number) =>
    `You can try another card until ${time} (${left === 1 ? "1 try" : `${left} tries`} left).`,
  tryAnotherCard: "Try another card",
  gatewayLimits: (min: string, max: string) => `${min} to ${max}`,
  gatewayNotForAmount: "Not available for this amount",
  rate: "Rate",
  ratePerUnit: (coin: string, price: string) => `1 ${coin} = ${price}`,
  rateHeldFor: "Rate held for",
  rateLowTime: (time: string) => `Only a few minutes left: send before ${time}, when the quoted rate ends.`,
  rateLapsed: "no longer held: the provider converts what arrives at its rate then",
  openWalletApp: (wallet: string) =>
    `Open your ${wallet} app and send the amount below to this wallet number, with the reference in the ` +
    "description. This page updates by itself when the payment arrives.",
  onlyThisNetwork: (coin: string, network: string) =>
    `Send only ${coin} on the ${network} network to this address: coins sent on another network, or another coin, ` +
    "are lost.",
  payWithin: "Time left to pay",
  payAtPartner: (partner: string) =>
    `Pay on ${partner}'s own page with the button below. This page updates by itself when ${partner} confirms the ` +
    `payment.`,
  continueToPartner: (partner: string) => `Continue to ${partner}`,
  errors: {
    closed: "This payment can no longer be changed. The page now shows where it stands.",
    amount: (min: string, max: string) => `Enter an amount between ${min} and ${max}, for example 1.750,50 or 1750.50.`,
    account: "No account can take this amount right now; try another amount.",
    gatewayBusy:
      "The provider did not answer in time, so nothing was opened or charged. Press Continue to try again, or " +
      "choose another provider.",
    gatewayRefused: "This provider cannot take this payment now. Choose another provider or another way to pay.",
    unexpected: "Something went wrong on our side and nothing was charged. Please try again in a moment.",
  },
  final: {
    referenceCode: "Reference code",
    referenceHint: (site: string) => `Give this code to ${site} if you contact them about this payment.`,
    backTo: (site: string) => `Back to ${site}`,
    closeHint: "You can close this page.",
    noReturn: (site: string) => `To continue, go back to ${site} in the tab or app you came from.`,
    failedReasons: wordMap({
      TIMEOUT: "it was not completed within 15 minutes.",
      INSUFFICIENT_FUNDS: "the card has insufficient funds.",
      CARD_DECLINED: "the card's bank declined it.",
      "3DS_FAILED": "the 3-D Secure verification failed.",
      CANCELLED: "the payment was cancelled.",
    }),
    failedOther: "the bank declined it.",
    reason: "Reason given",
    requested: "Requested",
    credited: "Credited",
    completed: {
      title: "Payment received",
      body: (amount: string, site: string) => `${amount} has been credited to your ${site} account.`,
    },
    completedOther: {
      title: "Payment received, for a different amount",
      body: (received: string, requested: string) =>
        `The transfer was confirmed for ${received}, not the ${requested} of the request; ${received} has been ` +
        `credited.`,
      next: (site: string) => `If you sent a different amount, contact ${site} with the reference code below.`,
    },
    canceledByCustomer: {
      title: "Payment request cancelled",
      body: "You cancelled this payment request, so nothing will be credited for it.",
      next: (site: string) =>
        `If you had already made the transfer, contact ${site} with the reference code below so they can find it.`,
    },
    rejected: {
      title: "Payment not confirmed",
      body: (site: string) => `${site} could not confirm your transfer, so nothing was credited.`,
      next: (site: string) =>
        `If you did send the money, contact ${site} with the reference code below and your bank's receipt.`,
    },
    declined: {
      title: "Payment declined",
      body: "The payment provider declined this payment, so nothing was credited.",
      next: (site: string) => `If you did send the money, contact ${site} with the reference code below.`,
    },
    expired: {
      title: "This payment request has expired",
      body: "It was not completed within the time allowed.",
      next: (site: string) =>
        `If you already sent money, contact ${site} with the reference code below. Otherwise start a new deposit on ` +
        `${site}.`,
    },
    success: { title: "Payment successful", body: (amount: string) => `${amount} was paid.` },
    failed: {
      title: "Payment failed",
      body: (reason: string) => `The payment did not go through: ${reason}`,
      next: (site: string) =>
        `Nothing was charged for this attempt. To pay with another card, start a new payment on ${site}. If your ` +
        `card was charged anyway, contact ${site} with the reference code below.`,
    },
    cardCancelled: {
      title: "Payment cancelled",
      body: "You cancelled the card payment; it was not charged.",
      next: (site: string) => `You can start again from ${site}.`,
    },
    refunded: {
      title: "Payment refunded",
      body: (amount: string) => `${amount} was refunded to your card.`,
      next: "A refund can take a few working days to show on your card statement.",
    },
    other: (status: string) => `This payment is ${status}.`,
  },
  notFound: {
    title: "Payment page not found",
    body: "This link does not lead to a payment. It may be mistyped or incomplete.",
    next: "Go back to the site you came from and start the payment again, or ask its support for a new link.",
  },
};

export type PayMessages = typeof en;
