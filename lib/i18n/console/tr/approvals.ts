import type { ApprovalMessages, CardPaymentMessages } from "../en/approvals";

export const approvals: ApprovalMessages = {
  heading: "Onaylar",
  depositsWaiting: (count) => `Onay bekleyen yatırımlar (${count})`,
  withdrawalsWaiting: (count) => `Onay bekleyen çekimler (${count})`,
  nothingWaiting: "Bekleyen işlem yok.",
  dealerApi: (origin) => `bayi API (${origin})`,
  customerSaysSent: "müşteri gönderdiğini bildirdi",
  pageOpen: "sayfa açık",
  sentWaitingForBank: "gönderildi, banka bekleniyor",
  approve: "Onayla",
  amountReceived: "Alınan tutar",
  reject: "Reddet",
  matchPayment: "Ödemeyle eşleştir",
  incomingPayment: "Gelen ödeme",
  incomingLine: (amount, sender, time) => `${amount} TRY, gönderen: ${sender} · ${time}`,
  take: "Üstlen",
  approveAndSend: "Onayla ve E-IBAN'dan gönder",
  markPaid: "Ödendi olarak işaretle",
  markFailed: "Başarısız olarak işaretle",
  done: {
    approved: (amount) => `${amount} TRY ile onaylandı; sağlayıcıya bildiriliyor.`,
    rejected: "Reddedildi; sağlayıcıya bildiriliyor.",
    matched: "Eşleştirildi ve tamamlandı.",
    sent: "Bankaya gönderildi; banka onayladığında tamamlanacak.",
    taken: "Üstlenildi: işlem artık sizde.",
    paid: "Ödendi olarak işaretlendi; sağlayıcıya bildiriliyor.",
    failed: "Başarısız olarak işaretlendi; sağlayıcıya bildiriliyor.",
  },
  refused: {
    role: "Rolünüz işlemleri yürütemez.",
    unknownTransaction: "Bilinmeyen işlem.",
    unknownStep: "Bilinmeyen adım.",
    enterAmount: "Alınan tutarı girin, ör. 1500.00.",
    conflict: (reason) => `Yapılamadı: ${reason} İşlemle başka biri ilgilenmiş olabilir; liste yenileniyor.`,
  },
};

export const cardPayments: CardPaymentMessages = {
  heading: "Kartlı ödemeler",
  order: "Sipariş",
  none: "Henüz kartlı ödeme yok.",
  dealerApi: "bayi API",
  refund: "İade et",
  refunded: (trackingCode) => `${trackingCode} iade edildi.`,
  roleCannotRefund: "Rolünüz ödemeleri iade edemez.",
};
