import type { LoginMessages, MissingMessages, NavMessages, TitleMessages } from "@/lib/edge/i18n/console/en/nav";

export const missing: MissingMessages = {
  notFoundTitle: "Sayfa bulunamadı",
  notFoundBody: "Böyle bir sayfa yok ya da gösterdiği kayıt yok veya sizin hesaplarınızda değil.",
  forbiddenTitle: "Erişim yok",
  forbiddenBody: (role) => `Rolünüz (${role}) bu sayfayı açamaz. Gerekiyorsa bir yöneticiye başvurun.`,
  backToOverview: "Genel bakışa dön",
  transactions: "İşlemlerde ara",
};

export const nav: NavMessages = {
  label: "Konsol",
  menu: "Menü",
  groups: {
    operations: "Operasyon",
    money: "Para",
    partners: "İş ortakları",
    settings: "Ayarlar",
  },
  search: {
    label: "Ödeme, müşteri veya hesap bul",
    field: "Takip kodu, sipariş no, referans, ad veya IBAN",
    placeholder: "ör. CC-8K2…, ORD-…, GW-…, Ayşe Kaya, TR33…",
    submit: "Bul",
    hint:
      "Bir kimlik (takip kodu, sipariş numarası, ödeme kuruluşunun veya bankanın referansı) ödemesini açar; bir " +
      "kodun parçası, müşterinin adı, kullanıcı adı, kullanıcı kimliği, e-postası veya IBAN'ı ya da bir bayinin, " +
      "sağlayıcının veya sitenin adı, görebildikleriniz arasında eşleşenleri listeler.",
    shortcut: "Her konsol sayfasında aramak için / veya Ctrl+K (Mac'te ⌘K) tuşlarına basın.",
    spelling: "Türkçe harfler ve büyük/küçük harf fark etmez: ayse yilmaz, Ayşe Yılmaz'ı bulur.",
  },
  items: {
    overview: "Genel bakış",
    transactions: "İşlemler",
    approvals: "Onaylar",
    cardPayments: "Kartlı ödemeler",
    eibanWallets: "E-IBAN cüzdanları",
    bankAccounts: "Banka hesapları",
    balances: "Bakiyeler",
    statements: "Ekstreler",
    reconciliation: "Mutabakat",
    providers: "Sağlayıcılar",
    dealers: "Bayiler",
    sites: "Siteler",
    blockedCustomers: "Engellenen müşteriler",
    gateways: "Ödeme geçitleri",
    users: "Kullanıcılar",
    deliveries: "Callback'ler",
    audit: "Denetim kaydı",
    security: "Giriş güvenliği",
  },
};

export const titles: TitleMessages = {
  transaction: "İşlem",
  provider: "Sağlayıcı",
  dealer: "Bayi",
  users: "Konsol kullanıcıları",
  deliveries: "Callback gönderimleri",
  delivery: "Callback gönderimi",
  signIn: "Giriş yap",
  security: "Giriş güvenliği",
};

export const login: LoginMessages = {
  heading: "Konsol girişi",
  intro: "Yöneticiler, bayi personeli ve sağlayıcı izleyiciler için.",
};
