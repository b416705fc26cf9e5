import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import type { CommonMessages, ErrorMessages } from "../en/common";

export const common: CommonMessages = {
  appName: "Ödeme konsolu",
  any: "Tümü",
  choose: "Seçin…",
  filter: "Filtrele",
  clear: "Temizle",
  save: "Kaydet",
  saved: "Kaydedildi.",
  active: "Aktif",
  inactive: "Pasif",
  activeLower: "aktif",
  inactiveLower: "pasif",
  none: "yok",
  notSet: "ayarlanmamış",
  issuing: "Oluşturuluyor…",
  manage: "Yönet",
  view: "Görüntüle",
  // "Yönet: X" rather than "X'i yönet": a name's vowel harmony cannot be known in advance.
  manageName: (name) => `Yönet: ${name}`,
  viewName: (name) => `Görüntüle: ${name}`,
  from: "Başlangıç",
  to: "Bitiş",
  matching: (count) => `${count} sonuç`,
  pages: "Sayfalar",
  newer: "← Önceki",
  older: "Sonraki →",
  pageOf: (page, pages) => `Sayfa ${page} / ${pages}`,
  name: "Ad",
  status: "Durum",
  site: "Site",
  provider: "Sağlayıcı",
  dealer: "Bayi",
  reason: "Gerekçe",
  email: "E-posta",
  method: "Yöntem",
  type: "Tür",
  amount: "Tutar",
  customer: "Müşteri",
  created: "Oluşturulma",
  trackingCode: "Takip kodu",
  bank: "Banka",
  accountHolder: "Hesap sahibi",
  iban: "IBAN",
  minAmount: "En düşük tutar",
  maxAmount: "En yüksek tutar",
  description: "Açıklama",
};

export const roles: Record<ConsoleRole, string> = { ADMIN: "Yönetici", DEALER: "Bayi personeli", PROVIDER: "Sağlayıcı izleyici" };

export const errors: ErrorMessages = {
  chooseDealer: "Bir bayi seçin.",
  notLinkedToDealer: "Hesabınız bir bayiye bağlı değil.",
  ownDealerOnly: "Yalnızca kendi bayinize ekleme yapabilirsiniz.",
};
