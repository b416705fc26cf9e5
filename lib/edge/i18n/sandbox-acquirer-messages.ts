import type { Lang } from "./pay-messages";

/** The sandbox acquirer's checkout and 3-D Secure pages, as a customer testing a card payment reads them. */
const en = {
  banner: "Sandbox acquirer: test cards only",
  issuerBanner: "Sandbox issuer: 3-D Secure",
  pay: (amount: string) => `Pay ${amount}`,
  cardNumber: "Card number",
  expiry: "Expiry (MM/YY)",
  cvc: "Security code",
  submit: "Pay",
  processing: "Processing…",
  cancel: "Cancel and return to the merchant",
  state: (status: string) => `This checkout is ${({ open: "open", challenge: "waiting for 3-D Secure", approved: "approved", declined: "declined", cancelled: "cancelled", expired: "expired", silent: "waiting for the bank" } as Record<string, string>)[status] ?? status}.`,
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

const tr: typeof en = {
  banner: "Sandbox ödeme kuruluşu: yalnızca test kartları",
  issuerBanner: "Sandbox kart bankası: 3-D Secure",
  pay: (amount) => `${amount} öde`,
  cardNumber: "Kart numarası",
  expiry: "Son kullanma (AA/YY)",
  cvc: "Güvenlik kodu",
  submit: "Öde",
  processing: "İşleniyor…",
  cancel: "İptal et ve siteye dön",
  state: (status) =>
    `Bu ödeme ${({ open: "açık", challenge: "3-D Secure bekliyor", approved: "onaylandı", declined: "reddedildi", cancelled: "iptal edildi", expired: "süresi doldu", silent: "bankanın yanıtını bekliyor" } as Record<string, string>)[status] ?? status}.`,
  testCards: "Test kartları (ileri bir son kullanma tarihi, herhangi bir CVC; 3-D Secure kodu 123456)",
  confirmTitle: "Ödemenizi onaylayın",
  otp: "Telefonunuza gönderilen tek kullanımlık kod",
  verify: "Doğrula",
  verifying: "Doğrulanıyor…",
  sandboxCode: "Sandbox kodu: 123456",
  cardLabel: (label) =>
    ({
      "Approved after 3-D Secure": "3-D Secure sonrası onaylanır",
      "Declined: insufficient funds": "Reddedilir: yetersiz bakiye",
      "Declined by the issuer": "Kart bankası reddeder",
      "3-D Secure fails": "3-D Secure başarısız olur",
      "Never answers": "Hiç yanıt vermez",
    })[label] ?? label,
  errors: {
    closed: "Bu ödeme artık açık değil.",
    number: "Kart numarası geçerli değil.",
    expiry: "Son kullanma tarihi geçerli değil (AA/YY, ileri bir tarih).",
    cvc: "Güvenlik kodu 3 ya da 4 hanedir.",
    disabled: "Sandbox kapalı.",
    other: "Bir sorun oldu.",
  },
};

export const SANDBOX_ACQUIRER_MESSAGES: Record<Lang, typeof en> = { en, tr };
