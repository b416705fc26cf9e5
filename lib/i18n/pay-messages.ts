export type Lang = "en" | "tr";

const en = {
  deposit: "Deposit",
  to: "to",
  amount: "Amount",
  changeAmount: "Change amount",
  updateAmount: "Update amount",
  allowedRange: (min: string, max: string) => `Between ${min} and ${max} TRY`,
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
  cancelConfirm: "Cancel this payment?",
  pendingTitle: "We are checking your transfer",
  pendingBody: "This usually takes a few minutes. You can close this page; the site will be told when the money arrives.",
  completedTitle: "Payment received",
  completedBody: (amount: string) => `${amount} TRY has been credited.`,
  canceledTitle: "Payment cancelled",
  canceledBody: "This payment request was cancelled. No money was taken.",
  expiredTitle: "This payment request has expired",
  expiredBody: "Please go back to the site and start a new deposit.",
  failedTitle: "Payment failed",
  otherStatus: (s: string) => `Status: ${s}`,
  language: "Language",
  eibanNote: "Send from an account in your own name.",
  working: "One moment…",
};

type Messages = typeof en;

const tr: Messages = {
  deposit: "Para yatırma",
  to: "alıcı",
  amount: "Tutar",
  changeAmount: "Tutarı değiştir",
  updateAmount: "Tutarı güncelle",
  allowedRange: (min, max) => `${min} ile ${max} TL arası`,
  sendTo: "Tam tutarı havale/EFT ile bu hesaba gönderin",
  bank: "Banka",
  holder: "Hesap sahibi",
  iban: "IBAN",
  reference: "Açıklamaya yazılacak",
  referenceHint: "Ödemenizi eşleştirebilmemiz için bu kodu havale açıklamasına yazın.",
  copy: "Kopyala",
  copied: "Kopyalandı",
  timeLeft: "Kalan süre",
  sent: "Parayı gönderdim",
  cancel: "İptal",
  cancelConfirm: "Bu ödeme iptal edilsin mi?",
  pendingTitle: "Havaleniz kontrol ediliyor",
  pendingBody: "Bu genellikle birkaç dakika sürer. Bu sayfayı kapatabilirsiniz; para ulaştığında siteye bildirilecek.",
  completedTitle: "Ödeme alındı",
  completedBody: (amount) => `${amount} TL hesabınıza geçti.`,
  canceledTitle: "Ödeme iptal edildi",
  canceledBody: "Bu ödeme talebi iptal edildi. Hesabınızdan para çekilmedi.",
  expiredTitle: "Bu ödeme talebinin süresi doldu",
  expiredBody: "Lütfen siteye dönüp yeni bir para yatırma işlemi başlatın.",
  failedTitle: "Ödeme başarısız",
  otherStatus: (s) => `Durum: ${s}`,
  language: "Dil",
  eibanNote: "Kendi adınıza kayıtlı bir hesaptan gönderin.",
  working: "Bir dakika…",
};

export const PAY_MESSAGES: Record<Lang, Messages> = { en, tr };

/** ?lang= wins; otherwise the browser's Accept-Language (Turkish first if preferred); English by default. */
export function pickLang(queryLang: string | undefined, acceptLanguage: string | null): Lang {
  if (queryLang === "tr" || queryLang === "en") return queryLang;
  const preferred = (acceptLanguage ?? "").split(",").map((part) => part.trim().slice(0, 2).toLowerCase());
  const firstKnown = preferred.find((code) => code === "tr" || code === "en");
  return firstKnown === "tr" ? "tr" : "en";
}
