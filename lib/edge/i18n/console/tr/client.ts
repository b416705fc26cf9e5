import type { ClientMessages } from "@/lib/edge/i18n/console/en/client";

export const client: ClientMessages = {
  language: "Dil",
  working: "İşleniyor…",
  copy: "Kopyala",
  copied: "Kopyalandı",
  copyLabel: (label) => `Kopyala: ${label}`,
  newSecrets: "Yeni anahtarlar",
  copyNow:
    "Bunları şimdi kopyalayın. Yalnızca bu kez gösterilirler, bir daha gösterilemezler; sonrasında yalnızca son " +
    "dört karakterleri görünür.",
  signOut: "Oturumu kapat",
  dismiss: "Kapat",
  confirm: { back: "Vazgeç" },
  count: "Adet",
  pickers: {
    search: (label: string) => `${label} listesini daralt`,
    searchPlaceholder: "Daraltmak için yazın…",
    noMatch: "Eşleşme yok: liste tümünü gösteriyor.",
    openCalendar: (label: string) => `${label}: takvimden seçin`,
    previousMonth: "Önceki ay",
    nextMonth: "Sonraki ay",
    closeCalendar: "Takvimi kapat",
  },
  login: {
    email: "E-posta",
    password: "Parola",
    signIn: "Giriş yap",
    signingIn: "Giriş yapılıyor…",
    tooManyAttempts: "Çok fazla giriş denemesi. 15 dakika bekleyip yeniden deneyin.",
    wrongCredentials: "E-posta veya parola hatalı ya da hesap devre dışı.",
    code: "Doğrulama uygulamasındaki kod (ya da bir kurtarma kodu)",
    codeNeeded: "Bu hesap ikinci doğrulama adımıyla giriş yapar: doğrulama uygulamanızın gösterdiği kodu girin.",
    wrongCode: "Bu kod doğru değil. Uygulamadaki güncel kodu ya da kullanılmamış bir kurtarma kodunu girin.",
    signInFailed: "Giriş bu sefer olmadı. Yeniden deneyin; sürerse bir yöneticiye haber verin.",
  },
};
