import type { ConsoleMessages } from "../en";

/** Konsolun ikinci doğrulama adımı (TOTP): güvenlik sayfası ve onsuz para işlemlerinin reddi. */
export const secondFactor: ConsoleMessages["secondFactor"] = {
  heading: "Giriş güvenliği",
  intro:
    "İkinci doğrulama adımı: girişte parolanızın yanında telefonunuzdaki doğrulama uygulamasının 6 haneli kodu " +
    "istenir.",
  requiredForYou: "Rolünüz onay, ödeme ve iade için ikinci doğrulama adımı kullanmak zorundadır.",
  offered: "İkinci doğrulama adımı sizin için isteğe bağlıdır ve kesinlikle önerilir.",
  enabledSince: (date: string) => `İkinci doğrulama adımı ${date} tarihinden beri açık.`,
  enabledNow: "İkinci doğrulama adımı açık.",
  off: "İkinci doğrulama adımı kurulmamış.",
  start: "İkinci doğrulama adımını kur",
  restart: "Yeni anahtarla baştan başla",
  restartHint: "Yalnızca uygulama bu anahtarı okuyamadıysa: yukarıdaki QR kodu geçersiz olur ve yenisi gösterilir.",
  scan:
    "Bu QR kodunu doğrulama uygulamanızla okutun ya da aşağıdaki anahtarı yazın, ardından uygulamanın " +
    "gösterdiği kodu girin.",
  qrAlt: "Doğrulama uygulaması için QR kodu",
  manualKey: "Anahtar",
  code: "Uygulamadaki kod",
  confirm: "Kodu doğrula ve aç",
  confirmed:
    "İkinci doğrulama adımı açıldı. Devam etmek için yeniden giriş yapın: bir sonraki giriş uygulamadaki kodu ister.",
  recoveryCodes: "Kurtarma kodları",
  recoveryIntro: "Her kurtarma kodu telefonsuz bir kez giriş yapar. Güvenli bir yerde saklayın: bir daha gösterilmez.",
  copyCodes: "Kodları kopyala",
  signInAgain: "Yeniden giriş yap",
  requiredBy: (date: string) =>
    `Rolünüz onay, ödeme ve iade için ikinci doğrulama adımı kullanmak zorundadır. ${date} tarihine kadar kurun; o ` +
    `zamana kadar bunlar onsuz da çalışır.`,
  requiredNow:
    "Rolünüz onay, ödeme ve iade için ikinci doğrulama adımı kullanmak zorundadır: kurulana kadar bunlar reddedilir.",
  bannerGrace: (date: string) =>
    `İkinci doğrulama adımını ${date} tarihine kadar kurun: sonrasında onay, ödeme ve iade için gerekli olacak.`,
  bannerBlocked: "İkinci doğrulama adımını kurana kadar onay, ödeme ve iade yapamazsınız.",
  bannerLink: "Şimdi kurun",
  wrongCode: "Bu kod uygulamanın şu an gösterdiği kod değil. Telefonun saatini kontrol edip yeniden deneyin.",
  tooManyAttempts: "Çok fazla hatalı kod girildi. 15 dakika bekleyip yeniden deneyin.",
  notStarted: "Önce kurulumu başlatın.",
  alreadyOn: "İkinci doğrulama adımı zaten kurulu.",
  turnOff: "İkinci doğrulama adımını kapat",
  turnedOff: "İkinci doğrulama adımı kapatıldı. Devam etmek için yeniden giriş yapın.",
  signedOut: "Oturumunuz sona erdi. Yeniden giriş yapın.",
  required:
    "Bu işlem ikinci doğrulama adımıyla açılmış bir oturum ister. Giriş güvenliği sayfasından kurun, sonra yeniden " +
    "giriş yapın.",
};
