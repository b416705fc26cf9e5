import type { SiteIntegrationMessages } from "@/lib/edge/i18n/console/en/site-integrations";

export const siteIntegrations: SiteIntegrationMessages = {
  heading: "Site entegrasyonları",
  description:
    "Bayinin her web sitesi, bayinin API anahtarı yerine kendi site token'ı ve gizli anahtarıyla bayi API'sini " +
    "çağırabilir; yalnızca burada verilen kapsamlarla. Token ve gizli anahtar yalnızca bir kez, oluşturulduklarında " +
    "gösterilir; iptal edilen token hemen geçersiz olur.",
  new: "Yeni site entegrasyonu",
  name: "Web sitesinin adı",
  issue: "Site entegrasyonu oluştur",
  none: "Henüz site entegrasyonu yok.",
  region: (name) => `Site entegrasyonu ${name}`,
  scopes: "Kapsamlar: çağırabileceği bayi uç noktaları",
  scope: {
    settings: "Ayarlar (settings)",
    deposits: "Yatırım teklifleri (manual-iban/deposit)",
    "card-payments": "Kartlı ödemeler (credit-card/payment ve status)",
    withdrawals: "Çekim talepleri (manual-iban/withdraw)",
    eibans: "E-IBAN cüzdanları ve hareketleri (eibans, transactions)",
    "send-money": "Para gönderme (send-money, transfer-status)",
    records:
      "Kayıtlar: işlem durumu ve listesi, geri bildirimler ve yeniden gönderimi (transaction/status, " +
      "transaction/list, callbacks)",
  },
  ips: "Web sitesi sunucularının izin verilen IP'leri ve CIDR aralıkları, her satıra bir tane",
  ipsHint: (max) =>
    `En fazla ${max} tane. Boşsa her IP kabul edilir, ancak send-money ve manual-iban/withdraw reddedilir. Bayinin ` +
    `kendi izin listesi site entegrasyonlarına uygulanmaz.`,
  origins: "Web sitesi kaynakları (origin)",
  originsLines: "Web sitesi kaynakları (origin), her satıra bir tane",
  originsHint:
    "Örneğin https://shop.example. Tarayıcıdan gelen istek bunlardan birinden gelmelidir; bu entegrasyonun " +
    "ödemelerinin ödeme sayfaları bu kaynaklarda çerçeve içinde açılabilir.",
  siteToken: "Site token'ı",
  status: "Durum",
  active: "aktif",
  inactive: "pasif (403 ile reddedilir)",
  revokedAt: (time) => `${time} tarihinde iptal edildi`,
  issuedAt: "Oluşturulma",
  lastUsed: "Son kullanım",
  never: "hiç kullanılmadı",
  anyIp: "her IP (send-money ve manual-iban/withdraw reddedilir)",
  noOrigins: "yok (tarayıcı istekleri reddedilir)",
  change: "Adı, kapsamları, IP'leri veya kaynakları değiştir",
  activeField: "Aktif (pasif entegrasyon 403 ile reddedilir)",
  revoke: "İptal et",
  confirmRevoke: "Bu site entegrasyonu iptal edilsin mi? Token'ı hemen geçersiz olur ve bu işlem geri alınamaz.",
  created: (name) =>
    `"${name}" site entegrasyonu oluşturuldu. Site token'ını ve gizli anahtarı web sitesinin geliştiricilerine ` +
    `güvenli bir kanaldan iletin: bir daha gösterilmeyecekler.`,
  revoked: "İptal edildi. Site token'ı artık geçersiz.",
  staffOnly: "Site entegrasyonlarını yalnızca yöneticiler ve bayinin personeli yönetebilir.",
  unknown: "Bilinmeyen site entegrasyonu: sayfayı yenileyin.",
  transactionField: "Site entegrasyonu",
  transactionValue: (name, id) => `${name} (no. ${id})`,
};
