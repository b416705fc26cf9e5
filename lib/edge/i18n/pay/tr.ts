import { fullStop } from "@/lib/edge/i18n/full-stop";
import { turkishDative } from "./turkish-dative";
import type { PayMessages } from "./en";
import { methodWords } from "@/lib/edge/i18n/methods/tr";

/**
 * The payment pages in Turkish: the same keys as the English reference (en.ts), checked by the type and by
 * dictionaries.test.ts.
 */
export const tr: PayMessages = {
  deposit: "Para yatırma",
  amount: "Tutar",
  changeAmount: "Tutarı değiştir",
  updateAmount: "Tutarı güncelle",
  allowedRange: (min, max) => `${min} ile ${max} arası. 1.750,50 ya da 1750.50 yazabilirsiniz.`,
  sendTo: "Tam tutarı havale/EFT ile bu hesaba gönderin",
  bank: "Banka",
  holder: "Hesap sahibi",
  iban: "IBAN",
  reference: "Açıklamaya yazılacak",
  referenceHint: "Ödemenizi eşleştirebilmemiz için bu kodu havale açıklamasına yazın.",
  copy: "Kopyala",
  copied: "Kopyalandı",
  timeLeft: "Kalan süre",
  sent: "Parayı gönderdim",
  cancel: "İptal",
  cancelConfirm: "Bu ödeme talebi iptal edilsin mi? Parayı gönderdiyseniz iptal etmeyin, “Parayı gönderdim”e dokunun.",
  cancelYes: "Evet, bu ödemeyi iptal et",
  keepPaying: "Hayır, açık kalsın",
  amountCheck: (from, to) => `Tutar ${from} yerine ${to} olsun mu?`,
  amountCheckHint: "Bu büyük bir değişiklik. Göndereceğiniz tutarın bu olduğunu kontrol edin.",
  amountCheckYes: (to) => `Evet, ${to} olsun`,
  amountCheckNo: (from) => `Hayır, ${from} kalsın`,
  transferDetails: "Havale bilgileri",
  pendingDetailsHint: "Henüz göndermediniz mi? Bu bilgilerle gönderin; kodu açıklamaya yazın.",
  pendingTitle: "Havaleniz kontrol ediliyor",
  pendingBody: "Bu genellikle birkaç dakika sürer. Bu sayfayı kapatabilirsiniz; para ulaştığında siteye bildirilecek.",
  language: "Dil",
  eibanNote: "Kendi adınıza kayıtlı bir hesaptan gönderin.",
  working: "Bir dakika…",
  sending: "Siteye bildiriliyor…",
  cancelling: "İptal ediliyor…",
  updating: "Güncelleniyor…",
  cardPayment: "Kartla ödeme",
  payByCard: "Kartla öde",
  openingBank: "Bankanın sayfası açılıyor…",
  cardStepTitle: "Kartla ödeme · bankanızın güvenli sayfası",
  continueToBank: "Bankanın güvenli sayfasına devam et",
  cardStepNote: "Bankanızın sayfasına yönlendiriliyorsunuz. Bir şey olmazsa düğmeye basın.",
  cardFrameNote: "Kartınızı aşağıdaki güvenli çerçeveye girin. Ödeme sonuçlanınca geri yönlendirilirsiniz.",
  backToPayment: "Ödeme sayfasına dön",
  cardNote:
    "Kart bilgilerinizi bankanın güvenli sayfasında girip 3-D Secure ile onaylayacaksınız. Kart numaranızı hiçbir " +
    "zaman görmüyoruz.",
  waitingBankTitle: "Bankanın yanıtı bekleniyor",
  waitingBankBody: "Ödemeyi tamamladıysanız sonuç birazdan burada görünecek.",
  chooseHow: "Nasıl ödemek istersiniz?",
  kinds: methodWords.payKind,
  chooseGateway: "Sağlayıcı",
  coin: "Coin ve ağ",
  continue: "Devam",
  preparing: "Ödeme bilgileri alınıyor…",
  noGateway: "Bu türde bu tutarı alabilecek bir sağlayıcı yok. Yukarıdan başka bir ödeme yolu seçin.",
  network: "Ağ",
  address: "Adres",
  coinAmount: "Gönderilecek tam miktar",
  walletNumber: "Cüzdan numarası",
  scanQr: "Cüzdan uygulamanızla okutun",
  waitingGatewayTitle: "Ödeme bekleniyor",
  waitingGatewayBody: "Aşağıdaki bilgilerle ödeyin. Sağlayıcı onayladığında bu sayfa kendiliğinden güncellenir.",
  pageTitle: (site) => `Ödeme · ${site}`,
  payingFor: (site) => `${site} için ödeme yapıyorsunuz.`,
  operatedBy: (company) => fullStop(`İşleten: ${company}`),
  secureConnection: "Bu sayfa güvenli bağlantı üzerinden sunulur.",
  logoOf: (site) => `${site} logosu`,
  until: (time) => `saat ${turkishDative(time)} kadar`,
  lowTime: (time) => `Birkaç dakika kaldı: ödeme talebi saat ${time} itibarıyla kapanacak, hemen tamamlayın.`,
  amountLocked: "Tutarı değiştirmek için yeterli süre kalmadı.",
  checkAgain: "Yeniden kontrol et",
  refreshes: "JavaScript olmadan bu sayfa her 15 saniyede bir kendini yeniler.",
  cancelPayment: "Ödemeyi iptal et",
  cancelCardConfirm: (site) => `Bu kartla ödeme iptal edilip ${site} sitesine dönülsün mü? Karttan ücret alınmadı.`,
  cancelChoiceConfirm: (site) =>
    `Bu ödeme talebi iptal edilip ${site} sitesine dönülsün mü? Henüz bir ödeme yapılmadı.`,
  paymentFor: "Ödeme konusu",
  acceptedCards: "Geçerli kartlar",
  statementName: (dealer) => `Kart ekstrenizde bu harcama ${dealer} adıyla görünür.`,
  cardDeclinedTitle: "Kartınız reddedildi",
  cardDeclinedBody: (reason) => `Ödeme gerçekleşmedi: ${reason} Karttan ücret alınmadı.`,
  tryAgainUntil: (time, left) =>
    `Saat ${turkishDative(time)} kadar başka bir kartla deneyebilirsiniz (${left} deneme hakkınız kaldı).`,
  tryAnotherCard: "Başka bir kartla dene",
  gatewayLimits: (min, max) => `${min} – ${max} arası`,
  gatewayNotForAmount: "Bu tutar için kullanılamaz",
  rate: "Kur",
  ratePerUnit: (coin, price) => `1 ${coin} = ${price}`,
  rateHeldFor: "Kurun geçerli olduğu süre",
  rateLowTime: (time) => `Birkaç dakika kaldı: kurun sona ereceği saat ${turkishDative(time)} kadar gönderin.`,
  rateLapsed: "artık sabit değil: sağlayıcı gelen tutarı o anki kurundan çevirir",
  openWalletApp: (wallet) =>
    `${wallet} uygulamanızı açın ve aşağıdaki tutarı bu cüzdan numarasına, açıklamaya referansı yazarak gönderin. ` +
    "Ödeme ulaşınca bu sayfa kendiliğinden güncellenir.",
  onlyThisNetwork: (coin, network) =>
    `Bu adrese yalnızca ${network} ağında ${coin} gönderin: başka bir ağda ya da başka bir coin olarak gönderilenler ` +
    "kaybolur.",
  payWithin: "Ödeme için kalan süre",
  payAtPartner: (partner) =>
    `Aşağıdaki düğmeyle ${partner} sayfasında ödeyin. ${partner} ödemeyi onayladığında bu sayfa kendiliğinden ` +
    `güncellenir.`,
  continueToPartner: (partner) => `${partner} ile devam et`,
  errors: {
    closed: "Bu ödeme artık değiştirilemez. Sayfa şimdi ödemenin son durumunu gösteriyor.",
    amount: (min, max) => `${min} ile ${max} arasında bir tutar girin, örneğin 1.750,50 ya da 1750.50.`,
    account: "Şu anda bu tutarı alabilecek bir hesap yok; başka bir tutar deneyin.",
    gatewayBusy:
      "Sağlayıcı zamanında yanıt vermedi; bir şey açılmadı, ücret alınmadı. Yeniden denemek için Devam'a basın ya " +
      "da başka bir sağlayıcı seçin.",
    gatewayRefused: "Bu sağlayıcı şu anda bu ödemeyi alamıyor. Başka bir sağlayıcı ya da başka bir ödeme yolu seçin.",
    unexpected: "Bizim tarafımızda bir sorun oldu, ücret alınmadı. Lütfen birazdan yeniden deneyin.",
  },
  final: {
    referenceCode: "Referans kodu",
    referenceHint: (site) => `Bu ödeme hakkında ${site} ile iletişime geçerseniz bu kodu verin.`,
    backTo: (site) => `${site} sitesine dön`,
    closeHint: "Bu sayfayı kapatabilirsiniz.",
    noReturn: (site) => `Devam etmek için geldiğiniz sekmede ya da uygulamada ${site} sitesine dönün.`,
    failedReasons: {
      TIMEOUT: "15 dakika içinde tamamlanmadı.",
      INSUFFICIENT_FUNDS: "kartın bakiyesi yetersiz.",
      CARD_DECLINED: "kartınızın bankası reddetti.",
      "3DS_FAILED": "3-D Secure doğrulaması başarısız oldu.",
      CANCELLED: "ödeme iptal edildi.",
    },
    failedOther: "banka reddetti.",
    reason: "Belirtilen neden",
    requested: "Talep edilen",
    credited: "Hesaba geçen",
    completed: { title: "Ödeme alındı", body: (amount, site) => `${amount} ${site} hesabınıza geçti.` },
    completedOther: {
      title: "Ödeme alındı, farklı bir tutarla",
      body: (received, requested) =>
        `Havaleniz talep edilen ${requested} yerine ${received} olarak onaylandı; hesabınıza ${received} geçti.`,
      next: (site) => `Farklı bir tutar gönderdiyseniz aşağıdaki referans koduyla ${site} ile iletişime geçin.`,
    },
    canceledByCustomer: {
      title: "Ödeme talebi iptal edildi",
      body: "Bu ödeme talebini iptal ettiniz; bunun için hesabınıza bir şey geçmeyecek.",
      next: (site) =>
        `Havaleyi zaten yaptıysanız, bulabilmeleri için aşağıdaki referans koduyla ${site} ile iletişime geçin.`,
    },
    rejected: {
      title: "Ödeme onaylanmadı",
      body: (site) => `${site} havalenizi doğrulayamadı; hesabınıza bir şey geçmedi.`,
      next: (site) =>
        `Parayı gerçekten gönderdiyseniz aşağıdaki referans kodu ve bankanızın dekontuyla ${site} ile iletişime geçin.`,
    },
    declined: {
      title: "Ödeme reddedildi",
      body: "Ödeme sağlayıcısı bu ödemeyi reddetti; hesabınıza bir şey geçmedi.",
      next: (site) => `Parayı gerçekten gönderdiyseniz aşağıdaki referans koduyla ${site} ile iletişime geçin.`,
    },
    expired: {
      title: "Bu ödeme talebinin süresi doldu",
      body: "Ödeme, verilen süre içinde tamamlanmadı.",
      next: (site) =>
        `Para gönderdiyseniz aşağıdaki referans koduyla ${site} ile iletişime geçin. Göndermediyseniz ${site} ` +
        `üzerinden yeni bir para yatırma işlemi başlatın.`,
    },
    success: { title: "Ödeme başarılı", body: (amount) => `${amount} ödendi.` },
    failed: {
      title: "Ödeme başarısız",
      body: (reason) => `Ödeme gerçekleşmedi: ${reason}`,
      next: (site) =>
        `Bu deneme için ücret alınmadı. Başka bir kartla ödemek için ${site} üzerinde yeni bir ödeme başlatın. ` +
        `Kartınızdan yine de çekim yapıldıysa aşağıdaki referans koduyla ${site} ile iletişime geçin.`,
    },
    cardCancelled: {
      title: "Ödeme iptal edildi",
      body: "Kartla ödemeyi iptal ettiniz; kartınızdan çekim yapılmadı.",
      next: (site) => `${site} üzerinden yeniden başlayabilirsiniz.`,
    },
    refunded: {
      title: "Ödeme iade edildi",
      body: (amount) => `${amount} kartınıza iade edildi.`,
      next: "İadenin kart ekstrenizde görünmesi birkaç iş günü sürebilir.",
    },
    other: (status) => `Bu ödemenin durumu: ${status}.`,
  },
  notFound: {
    title: "Ödeme sayfası bulunamadı",
    body: "Bu bağlantı bir ödemeye gitmiyor. Eksik ya da yanlış yazılmış olabilir.",
    next: "Geldiğiniz siteye dönüp ödemeyi yeniden başlatın ya da destek ekibinden yeni bir bağlantı isteyin.",
  },
};
