import type { ConsoleMessages } from "../en";

/** Konsolun ikinci doğrulama adımı (TOTP): güvenlik sayfası ve onsuz para işlemlerinin reddi. */
export const secondFactor: ConsoleMessages["secondFactor"] = {
  heading: "Giriş güvenliği",
  intro: "İkinci doğrulama adımı: girişte parolanızın yanında telefonunuzdaki doğrulama uygulamasının 6 haneli kodu istenir.",
  requiredForYou: "Rolünüz onay, ödeme ve iade için ikinci doğrulama adımı kullanmak zorundadır.",
  offered: "İkinci doğrulama adımı sizin için isteğe bağlıdır ve kesinlikle önerilir.",
  enabledSince: (date: string) => `İkinci doğrulama adımı ${date} tarihinden beri açık.`,
  off: "İkinci doğrulama adımı kurulmamış.",
  start: "İkinci doğrulama adımını kur",
  scan: "Bu QR kodunu doğrulama uygulamanızla okutun ya da aşağıdaki anahtarı yazın, ardından uygulamanın gösterdiği kodu girin.",
  qrAlt: "Doğrulama uygulaması için QR kodu",
  manualKey: "Anahtar",
  code: "Uygulamadaki kod",
  confirm: "Aç",
  confirmed: "İkinci doğrulama adımı açıldı. Aşağıdaki kurtarma kodlarını güvenli bir yerde saklayın; her biri telefonsuz bir kez giriş yapar. Devam etmek için yeniden giriş yapın.",
  recoveryCodes: "Kurtarma kodları",
  wrongCode: "Bu kod uygulamanın şu an gösterdiği kod değil. Telefonun saatini kontrol edip yeniden deneyin.",
  tooManyAttempts: "Çok fazla hatalı kod girildi. 15 dakika bekleyip yeniden deneyin.",
  notStarted: "Önce kurulumu başlatın.",
  alreadyOn: "İkinci doğrulama adımı zaten kurulu.",
  turnOff: "İkinci doğrulama adımını kapat",
  turnedOff: "İkinci doğrulama adımı kapatıldı. Devam etmek için yeniden giriş yapın.",
  signedOut: "Oturumunuz sona erdi. Yeniden giriş yapın.",
  required: "Bu işlem ikinci doğrulama adımıyla açılmış bir oturum ister. Giriş güvenliği sayfasından kurun, sonra yeniden giriş yapın.",
};
