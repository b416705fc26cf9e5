import type { AcquirerMessages } from "../en/acquirers";

export const acquirers: AcquirerMessages = {
  heading: "Kart işlemcisi (sanal POS)",
  intro: "Bayinin kendi üye işyeri hesabı: kartlı ödemeler bunun üzerinden geçer. Tanımlı değilse kartlı ödemeler reddedilir.",
  none: "Kart işlemcisi tanımlı değil: kartlı ödemeler reddedilir.",
  current: (label) => `Kullanılan: ${label}`,
  unusable: "Bu bağlayıcı burada ödeme alamaz (test ortamı kapalıyken test işlemcisi ya da eskimiş bir yapılandırma).",
  connector: "Bağlayıcı",
  use: (label) => `${label} kullan`,
  secretHint: "Yalnızca yazılır: kayıtlı değeri korumak için boş bırakın (adres değişince yeniden girin).",
  optional: "isteğe bağlı",
  save: "İşlemciyi kaydet",
  saved: "Kart işlemcisi kaydedildi.",
  test: "Bağlantıyı sına",
  testOk: (message) => `Bağlantı çalışıyor: ${message}`,
  testFailed: (message) => `Bağlantı çalışmıyor: ${message}`,
  notificationUrl: "Bu işlemci bildirimlerini üye işyeri panelinde tanımlanan tek bir adrese gönderir. Oraya bu adresi girin:",
};
