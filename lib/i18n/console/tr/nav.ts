import type { LoginMessages, NavMessages, TitleMessages } from "../en/nav";

export const nav: NavMessages = {
  label: "Konsol",
  items: {
    overview: "Genel bakış",
    transactions: "İşlemler",
    approvals: "Onaylar",
    cardPayments: "Kartlı ödemeler",
    eibanWallets: "E-IBAN cüzdanları",
    bankAccounts: "Banka hesapları",
    providers: "Sağlayıcılar",
    dealers: "Bayiler",
    sites: "Siteler",
    blockedCustomers: "Engellenen müşteriler",
    gateways: "Ödeme geçitleri",
    users: "Kullanıcılar",
    deliveries: "Callback'ler",
    audit: "Denetim kaydı",
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
};

export const login: LoginMessages = {
  heading: "Konsol girişi",
  intro: "Yöneticiler, bayi personeli ve sağlayıcı izleyiciler için.",
};
