import type { LabelMessages } from "../en/labels";

export const labels: LabelMessages = {
  method: {
    MANUAL_BANK: "Manuel banka",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Kredi kartı",
    TP_BANK: "Üçüncü taraf banka",
    TP_CRYPTO: "Üçüncü taraf kripto",
    TP_WALLET: "Üçüncü taraf cüzdan",
  },
  methodShort: {
    MANUAL_BANK: "Manuel banka",
    EIBAN: "E-IBAN",
    CREDIT_CARD: "Kart",
    TP_BANK: "Banka (geçit)",
    TP_CRYPTO: "Kripto",
    TP_WALLET: "Cüzdan",
  },
  direction: { DEPOSIT: "Yatırım", WITHDRAWAL: "Çekim", PAYMENT: "Kartlı ödeme" },
  origin: { PROVIDER: "Sağlayıcı API", DEALER: "Bayi API" },
  originWord: { PROVIDER: "sağlayıcı", DEALER: "bayi" },
  actor: { SYSTEM: "Sistem", API: "API", CUSTOMER: "Müşteri", CONSOLE_USER: "Konsol kullanıcısı", GATEWAY: "Ödeme geçidi", CLI: "CLI" },
  // Statuses stay in the API's English; every one gets a Turkish hint, not only the less obvious ones.
  statusHint: {
    showing: "sayfa açık",
    pending: "bekliyor",
    processing: "ödeniyor",
    completed: "tamamlandı",
    canceled: "iptal edildi",
    expired: "süresi doldu",
    rejected: "personel reddetti",
    failed: "başarısız",
    success: "ödendi",
    cancelled: "müşteri iptal etti",
    refunded: "iade edildi",
  },
  kind: {
    PROVIDER_DEPOSIT: "Yatırım",
    PROVIDER_WITHDRAWAL: "Çekim",
    PROVIDER_CARD: "Kart (sağlayıcı)",
    DEALER_CARD: "Kart (bayi)",
    TEST: "Test",
  },
  deliveryState: { PENDING: "Bekliyor", DELIVERED: "İletildi", EXHAUSTED: "Başarısız (denemeler bitti)", NO_URL: "URL yok: durduruldu" },
  dealerMethod: { credit_card: "Kredi kartı", eiban: "E-IBAN", manual_iban: "Manuel IBAN" },
  gatewayMethod: { BANK: "Banka", CRYPTO: "Kripto", WALLET: "Cüzdan" },
  grace: { none: "Yok: eski anahtar hemen geçersiz olur", hour: "1 saat", day: "24 saat", week: "7 gün" },
};
