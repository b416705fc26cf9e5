import type { SandboxAcquirerMessages } from "./en";

/** The sandbox acquirer's pages in Turkish: the same keys as the English reference (en.ts). */
const STATES: Record<string, string> = {
  open: "açık",
  challenge: "3-D Secure bekliyor",
  approved: "onaylandı",
  declined: "reddedildi",
  cancelled: "iptal edildi",
  expired: "süresi doldu",
  silent: "bankanın yanıtını bekliyor",
};

export const tr: SandboxAcquirerMessages = {
  banner: "Sandbox ödeme kuruluşu: yalnızca test kartları",
  issuerBanner: "Sandbox kart bankası: 3-D Secure",
  pay: (amount) => `${amount} öde`,
  cardNumber: "Kart numarası",
  expiry: "Son kullanma (AA/YY)",
  cvc: "Güvenlik kodu",
  submit: "Öde",
  processing: "İşleniyor…",
  cancel: "İptal et ve siteye dön",
  state: (status) => `Bu ödeme ${STATES[status] ?? status}.`,
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
