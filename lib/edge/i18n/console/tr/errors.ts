import type { ErrorParams, ErrorWords } from "@/lib/base/messages/errors";

const NAMED: Record<string, string> = {
  dealer: "Bayi",
  provider: "Sağlayıcı",
  site: "Site",
  console_user: "Konsol kullanıcısı",
  gateway: "Ödeme geçidi",
  delivery: "Gönderim",
  bank_account: "Banka hesabı",
  site_integration: "Site entegrasyonu",
  discrepancy: "Mutabakat farkı",
};
const OWNER: Record<string, string> = { provider: "sağlayıcının", dealer: "bayinin" };
const METHOD: Record<ErrorParams["methodDisabled"]["method"], string> = {
  credit_card: "Kartlı ödeme",
  eiban: "E-IBAN ödemesi",
  manual_iban: "Elle banka havalesi",
};
const TYPE: Record<string, string> = {
  string: "metin",
  number: "sayı",
  boolean: "doğru ya da yanlış",
  array: "liste",
  object: "nesne",
  int: "tam sayı",
};
const LIMIT_OF: Record<string, (limit: string) => string> = {
  string: (n) => `${n} karakter`,
  array: (n) => `${n} öğe`,
};
const FORMAT: Record<string, string> = {
  email: "geçerli bir e-posta adresi",
  url: "geçerli bir adres",
  regex: "beklenen biçimde",
  datetime: "geçerli bir tarih ve saat",
  date: "geçerli bir tarih",
};
const TARGET: Record<string, string> = {
  deposit: "Yatırım",
  withdrawal: "Çekim",
  credit_card: "Kartlı ödeme",
  dealer_credit_card: "Bayinin kartlı ödeme",
};
const limitOf = (of: string, limit: string) => LIMIT_OF[of]?.(limit) ?? limit;
const the = (field: string) => field || "Değer";

/** The refusals (lib/base/messages/errors.ts) in Turkish, for the console and the payment pages. */
export const TR_ERRORS: ErrorWords = {
  doesNotExist: ({ entity, id }) => `${NAMED[entity] ?? entity} ${id} bulunamadı.`,
  unknownPayment: () => "Ödeme bulunamadı.",
  paymentMissing: () => "Bu ödeme bulunamadı.",
  transactionMissing: () => "İşlem bulunamadı.",
  noTransaction: ({ trackingCode }) => `${trackingCode} işlemi bulunamadı.`,
  noCardPayment: ({ trackingCode }) => `${trackingCode} kartlı ödemesi bulunamadı.`,
  noTransfer: ({ transferId }) => `${transferId} transferi bulunamadı.`,
  transactionNotYours: () => "Bu işlem yok ya da sizin işleyebileceğiniz bir işlem değil.",
  walletNotYours: () => "Bu E-IBAN cüzdanı yok ya da sizin yönetebileceğiniz bir cüzdan değil.",
  siteIntegrationNotYours: () => "Bu site entegrasyonu yok ya da sizin yönetebileceğiniz bir entegrasyon değil.",
  dealerNotYours: () => "Bu bayi yok ya da sizin yönetebileceğiniz bir bayi değil.",
  bankAccountNotYours: () => "Bu banka hesabı yok ya da sizin yönetebileceğiniz bir hesap değil.",
  alertNotYours: () => "Bu uyarı yok ya da sizin çözebileceğiniz bir uyarı değil.",
  unknownWallet: () => "Cüzdan bulunamadı.",
  gatewayMissing: () => "Ödeme geçidi bulunamadı.",
  dealerMissing: () => "Bayi bulunamadı.",
  providerMissing: () => "Sağlayıcı bulunamadı.",
  proposalMissing: () => "Bu öneri bulunamadı.",
  noOpenProposal: ({ trackingCode }) => `${trackingCode} için ikinci onay bekleyen bir öneri yok.`,
  blockMissing: () => "Bu engel bulunamadı (kaldırılmış olabilir).",
  unknownMerchant: ({ merchantId }) => `${merchantId} üye işyeri bulunamadı.`,
  noDemoTenant: () => "Bu veritabanında demo kiracısı yok: `npm run dev` onu boş bir veritabanında oluşturur.",

  referenceMissing: ({ entity, id }) => `${NAMED[entity] ?? entity} ${id} bulunamadı`,
  cursorUnknown: () => "cursor bu API'nin verdiği bir değer değil",
  toAfterFrom: () => "Bitiş başlangıçtan sonra olmalı",
  windowTooLong: ({ days }) => `Başlangıç ile bitiş arası en fazla ${days} gün olabilir`,
  encryptionKeysUnset: () =>
    "Yeniden şifrelemeden önce APP_ENCRYPTION_KEYS ayarlayın (önce yeni anahtar, ardından eskiler)",
  setUpFirst: () => "Önce kurulumu başlatın",
  wrongCode: () => "Kod, uygulamanın şu an gösterdiği kod değil",
  ownAccount: () => "Kendi hesabınızı devre dışı bırakamazsınız",
  emailTaken: ({ email }) => `${email} e-posta adresli bir kullanıcı zaten var`,
  noEibanAccount: () => "Şu anda bu bayi için kullanılabilir bir E-IBAN hesabı yok",
  noBankAccountFor: ({ amount }) => `Şu anda ${amount} tutarını alabilecek bir banka hesabı yok`,
  receivedPositive: () => "Alınan tutar pozitif olmalı",
  receivedOverMax: ({ amount, max, owner }) =>
    `Alınan tutar ${amount}, ${OWNER[owner] ?? owner} işlem başına en yüksek tutarı olan ${max} tutarını aşıyor`,
  overAccountMax: ({ max }) => `Tutar en fazla ${max} olabilir, bu hesabın işlem başına en yüksek tutarı`,
  giveStep: () => "En az bir adım verin",
  noCallbackUrl: ({ target }) => `${TARGET[target] ?? target} geri çağrı adresi tanımlı değil`,
  resolutionLength: () => "Çözüm açıklaması 3 ile 500 karakter arasında olmalı",
  graceRange: ({ max }) => `Geçiş süresi 0 ile ${max} arasında tam saniye olmalı`,
  walletIbanTaken: () => "Bu IBAN ile bir E-IBAN cüzdanı zaten var",
  bankNoAccount: () => "Bankada bu IBAN ile bir hesap yok",
  bankUnreachable: () => "Hesap bakiyesini okumak için bankaya ulaşılamadı; yeniden deneyin",
  gatewayIdUnusable: ({ reason }) => `Seçilen ödeme geçidi şu anda talimat alamıyor: ${reason}`,
  gatewayUnusable: ({ gateway, reason }) => `${gateway} ödeme geçidi şu anda talimat alamıyor: ${reason}`,
  gatewayCodeTaken: ({ code }) => `${code} kodlu bir ödeme geçidi zaten var (ya da bu kodu daha önce kullandı)`,
  gatewayNoSecret: ({ gateway }) =>
    `${gateway} ödeme geçidinin bağlayıcısında yenilenecek bir "secret" yok; yapılandırmasını değiştirin`,
  connectorOneOf: ({ names }) => `Bağlayıcı şunlardan biri olmalı: ${names}`,
  configObject: () => "Yapılandırma bir JSON nesnesi olmalı",
  connectorKinds: ({ connector, kinds }) =>
    `${connector} bağlayıcısı yalnızca ${kinds} ödeme geçitlerinde kullanılabilir`,
  configProblem: ({ problem }) => `Yapılandırma: ${problem}`,
  connectorProblem: ({ problem }) => `Bağlayıcı yapılandırması: ${problem}`,
  secretAgainForAddress: ({ secret, addresses }) =>
    `Gizli alan ${secret} yeniden girilmeli: ${addresses} değişti ve kayıtlı gizli değer yeni bir adrese asla ` +
    `gönderilmez`,
  gatewayAmount: () => "Bu ödeme geçidi bu tutarı alamıyor.",
  chooseCoin: () => "Bu ödeme geçidinin desteklediği bir kripto para seçin.",
  walletNoConnector: ({ iban }) => `${iban} E-IBAN cüzdanı için banka bağlayıcısı tanımlı değil`,
  walletConnectorMissing: ({ iban, connector }) =>
    `${iban} E-IBAN cüzdanının banka bağlayıcısı "${connector}" kullanılamıyor`,
  sandboxNoAccount: ({ iban }) => `Sandbox bankasında ${iban} hesabı yok`,
  notReal: ({ field }) => `${field} gerçek bir tarih ve saat değil`,
  noActiveGateway: ({ kind }) => `gateway_id etkin bir ${kind} ödeme geçidi değil`,
  gatewayAmountRange: ({ min, max }) => `Tutar bu ödeme geçidi için ${min} ile ${max} arasında olmalı`,
  requiredByGateway: ({ field }) => `${field} bu ödeme geçidi için gerekli`,
  ibanInvalid: ({ field }) => `${field} geçerli bir IBAN değil`,
  oneOf: ({ field, names }) => `${field} şunlardan biri olmalı: ${names}`,
  walletAddress: ({ field, network }) => `${field} geçerli bir ${network} adresi değil`,

  invalidDateRange: () => "end_date, start_date'ten önce olamaz.",
  dateRangeExceeded: ({ days }) => `Tarih aralığı en fazla ${days} gün olabilir.`,
  walletNotAssigned: () => "Bu cüzdan bayi hesabınıza atanmamış.",
  minTransfer: ({ amount }) => `En düşük transfer tutarı ${amount}.`,
  invalidIban: () => "Alıcı IBAN'ı geçerli değil.",
  insufficientBalance: () => "Cüzdanın kullanılabilir bakiyesi bu transfer için yetersiz.",

  invalidCredentialKey: () => "Geçersiz kimlik anahtarı",
  siteInactive: () => "Bu site devre dışı bırakıldı.",
  dealerInactive: () => "Bu siteye hizmet veren bayi devre dışı bırakıldı; yeni ödeme alınamaz.",
  customerBlocked: () => "Bu müşteri engellendi. Ödemeye izin verilmiyor.",
  methodDisabled: ({ method }) => `${METHOD[method as keyof typeof METHOD] ?? method} bu bayi için açık değil`,
  noAcquirer: () => "Bu bayi için kartlı ödeme kullanılamıyor: kart işlemcisi tanımlı değil",
  secondFactorSetTurnOff: () => "İkinci doğrulama zaten kurulu; başkasını kurmak için önce onu kapatın.",
  secondFactorSet: () => "İkinci doğrulama zaten kurulu.",
  alreadyMatched: () => "Bu ödeme zaten başka bir yatırımla eşleştirildi.",
  alreadyProposed: ({ trackingCode, proposer }) => `${trackingCode} zaten ikinci onay bekliyor (${proposer} önerdi).`,
  alreadyDecided: ({ trackingCode, decision, decider }) =>
    `${trackingCode}: bu öneri için zaten karar verildi (${decision}, ${decider}).`,
  adminsOnlyDecline: () => "İkinci onay bekleyen bir öneriyi yalnızca bir yönetici reddedebilir.",
  notEibanWithdrawal: ({ trackingCode }) => `${trackingCode} bir E-IBAN çekimi değil.`,
  alreadySent: ({ trackingCode }) => `${trackingCode} zaten bankaya gönderildi.`,
  noWalletBalance: ({ amount }) => `Bayinin hiçbir E-IBAN cüzdanında kullanılabilir ${amount} yok.`,
  notFinalYet: ({ trackingCode }) =>
    `${trackingCode} işlemi için henüz geri çağrı borcu yok: işlem sonuçlanmadı. Durumu durum sorgusuyla öğrenilir.`,
  owesNoCallback: ({ trackingCode }) =>
    `${trackingCode} işlemi için geri çağrı gönderilmez: bayinin kendi yatırma ve çekimleri yalnızca ` +
    "durum sorgusuyla yanıtlanır.",
  resendWithoutUrl: ({ trackingCode }) =>
    `${trackingCode} geri çağrısının gideceği yer yok: bunun için geri çağrı URL'si tanımlı değil. ` +
    "URL'yi tanımlayıp yeniden gönderin.",
  integrationRevoked: () => "Bu site entegrasyonu iptal edildi, değiştirilemez; yenisini oluşturun.",
  alertResolved: () => "Bu uyarı zaten çözüldü.",
  discrepancyClosed: ({ status }) => `Bu mutabakat farkı zaten kapandı (${status}).`,
  discrepancyNotAcceptable: () =>
    "Bu fark için burada uygulanabilecek bir kayıt yok: bulduğunuzu yazarak kapatın (açıklama).",
  discrepancyAcceptProblem: ({ why }) => `İş ortağının kaydı uygulanamıyor: ${why}.`,
  discrepancyAdminsOnly: () => "Mutabakat farkını yalnızca bir yönetici çözebilir.",
  discrepancySecondAdmin: ({ why }) => `Onaylanmadı: ${why}.`,
  notOpen: () => "Bu ödeme artık açık değil.",
  fixedAmount: () => "Bu ödemenin tutarı değiştirilemez.",
  cannotChange: () => "Bu ödeme artık değiştirilemez.",
  gatewayUnavailable: ({ gateway, why }) =>
    `${gateway} şu anda ödeme bilgisi veremedi${why ? ` (${why})` : ""}; yeniden deneyin ya da başka bir ödeme ` +
    `geçidi seçin.`,
  acquirerNoCheckout: ({ why }) => `Kart işlemcisi ödeme sayfasını açmadı: ${why}`,
  refundUnasked: ({ why }) => `Kart işlemcisine iade sorulamadı: ${why}`,
  refundRefused: ({ code, why }) => `Kart işlemcisi iadeyi reddetti: ${code}: ${why}`,
  refundNoAnswer: ({ amount, refundId }) =>
    `Kart işlemcisi ${amount} iadesine (${refundId}) yanıt vermedi: iadenin durumu bilinmiyor ve yapılıp ` +
    `yapılmadığı kart işlemcisinin kayıtlarında görülene kadar tutar ayrılmış kalır; sorgulayın ya da yeniden deneyin`,
  refundInFlight: ({ amount, refundId }) =>
    `Bu ödemenin ${amount} tutarındaki iadesi (${refundId}) kart işlemcisine soruluyor: yanıtını bekleyin`,
  refundProposedOpen: ({ amount, refundId }) =>
    `Bu ödemenin ${amount} tutarındaki iadesi (${refundId}) ikinci bir yönetici bekliyor: önce onu onaylayın ya da ` +
    `reddedin`,
  refundNotProposed: ({ refundId, status }) => `${refundId} iadesi ikinci onay beklemiyor (durumu: ${status})`,
  refundSecondPerson: ({ refundId, why }) => `${refundId} iadesini siz onaylayamazsınız: ${why}`,
  transferAdminsOnly: () =>
    "Dört göz için bekleyen bir transferi yalnızca konsola giriş yapmış bir yönetici onaylar ya da reddeder.",
  transferMissing: ({ transferId }) => `${transferId} numaralı transfer yok.`,
  transferNotHeld: ({ transferId }) => `${transferId} numaralı transfer onay beklemiyor.`,
  transferProposed: ({ transferId, proposer }) =>
    `${transferId} numaralı transferi ${proposer} zaten onayladı: başka bir yönetici teyit eder.`,
  transferNotProposed: ({ transferId }) =>
    `${transferId} numaralı transferin henüz ilk onayı yok: önce onaylayın; sonra başka bir yönetici teyit eder.`,
  transferSecondPerson: ({ transferId, why }) => `${transferId} numaralı transferi siz teyit edemezsiniz: ${why}`,
  refundUnknownOpen: ({ amount, refundId }) =>
    `Bu ödemenin ${amount} tutarındaki iadesi (${refundId}) kart işlemcisinden yanıt almadı: o sonuçlanmadan yeni ` +
    `iade yapılamaz; sorgulayın ya da yeniden deneyin`,
  refundStillChecking: ({ refundId, minutes }) =>
    `${refundId} iadesi kart işlemcisinin kayıtlarında henüz görünmüyor; görünmezse ${minutes} dakika sonra yeniden ` +
    `gönderilebilir`,
  refundSettled: ({ refundId }) =>
    `${refundId} iadesinin durumu artık biliniyor: nasıl sonuçlandığı ödemenin geçmişinde yazılı`,
  refundCheckFailed: ({ refundId, why }) => `${refundId} iadesi kart işlemcisine sorulamadı; durumu bilinmiyor: ${why}`,
  inProgress: () => "Bu Idempotency-Key ile gelen istek hâlâ işleniyor.",
  transitionRefused: ({ trackingCode, status }) => `${trackingCode} şu an ${status}: bu değişiklik yapılamaz.`,

  demoInProduction: () =>
    "demo:credentials yalnızca geliştirmede çalışır: canlı ortamda gizli anahtarlar yalnızca oluşturulduklarında ya " +
    "da yenilendiklerinde bir kez gösterilir.",
  positiveWhole: ({ flag }) => `--${flag} pozitif bir tam sayı olmalı`,
  trueOrFalse: ({ flag }) => `--${flag} true ya da false olmalı`,
  atLeastOneFlag: ({ flags }) => `Şunlardan en az birini verin: ${flags}`,
  passwordTwice: () => "--password ya da --password-file verin, ikisini birden değil",
  passwordFileUnreadable: ({ file, reason }) => `--password-file ${file} okunamıyor (${reason})`,
  oneTrackingCode: () => "Tam olarak bir takip kodu verin",
  oneRefundId: () => "Tam olarak bir iade numarası verin",
  reasonNeeded: () => "Bir --reason verin (en az 3 karakter)",
  configNeedsConnector: () => "--config için --connector NAME gerekli",
  connectorNeedsConfig: () => "--connector için --config JSON gerekli",
  configFlagObject: () => "--config bir JSON nesnesi olmalı",
  configFlagRequired: () => "--config gerekli (bağlayıcının anahtarlarını içeren bir JSON nesnesi)",
  connectorFlagRequired: ({ names }) => `--connector gerekli (${names})`,
  methodFlagOneOf: ({ names }) => `--method şunlardan biri olmalı: ${names}`,
  methodFlagRequired: ({ names }) => `--method gerekli (${names})`,
  targetOneOf: ({ names }) => `Hedef şunlardan biri olmalı: ${names}`,
  balanceSandboxOnly: () => "--balance bir sandbox banka hesabını fonlar; gerçek bir bankada bakiye bankanındır",
  feeFlowUnknown: ({ method, direction }) =>
    `Sağlayıcıların ${method} ${direction} akışı yok; bunun için komisyon tanımlanamaz`,
  feeScheduleExists: ({ from }) =>
    `Bu sağlayıcı, yöntem ve yön için ${from} tarihinde başlayan bir komisyon tarifesi zaten var`,
  adjustmentAccounts: () =>
    "Düzeltme aynı bayinin iki farklı hesabı arasında yapılır; sağlayıcı hesaplarında sağlayıcı belirtilmelidir",
  adjustmentReason: () => "Düzeltmenin 3 ile 500 karakter arasında bir gerekçesi olmalı",
  settlementAdminsOnly: () => "Mutabakat ödemesini yalnızca bir yönetici kaydedebilir",
  settlementNoPair: () => "Bu sağlayıcı ile bayinin defterde ortak parası yok: mutabakat yapılacak bir şey yok",
  settlementPaidLater: ({ day }) => `Ödeme günü başlamış bir gün olmalı (İstanbul'da bugün ${day})`,
  settlementReferenceTaken: ({ reference, amount }) =>
    `${reference} referanslı ödeme bu sağlayıcı, bayi ve yön için ${amount} olarak zaten kayıtlı: bir ödeme ` +
    `yalnızca bir kez kaydedilir`,

  unknownField: ({ field }) => `Bilinmeyen alan: ${field}`,
  required: ({ field }) => `${field} gerekli`,
  number: ({ field }) => `${field} bir sayı olmalı`,
  decimals: ({ field }) => `${field} en fazla 2 ondalıklı pozitif bir sayı olmalı`,
  percentage: ({ field }) => `${field} 0 ile 100 arasında, en fazla 4 ondalıklı bir yüzde olmalı`,
  atLeast: ({ field, min }) => `${field} en az ${min} olmalı`,
  atMost: ({ field, max }) => `${field} en fazla ${max} olmalı`,
  maxChars: ({ field, limit }) => `${field} en fazla ${limit} karakter olmalı`,
  ibanLength: ({ field }) => `${field} 15 ile 34 karakter arasında olmalı`,
  ibanChecksum: ({ field }) => `${field} geçerli bir IBAN değil (kontrol basamakları tutmuyor)`,
  httpUrl: ({ field }) => `${field} bir http(s) adresi olmalı`,
  httpsInProduction: ({ field }) =>
    `${the(field)} canlı ortamda bir https adresi olmalı (düz http yalnızca testler için 127.0.0.1 ya da localhost'a)`,
  unstorable: ({ field }) => `${field} NUL ya da eşi olmayan vekil karakter içeremez`,
  ipLine: ({ line, entry }) => `Satır ${line}: "${entry}" geçerli bir IP adresi ya da CIDR aralığı değil`,
  ipEntry: ({ entry }) => `"${entry}" geçerli bir IP adresi ya da CIDR aralığı değil`,
  ipTooMany: ({ count }) => `IP beyaz listesinde en fazla ${count} kayıt olabilir`,
  missing: ({ field }) => `${the(field)} gerekli`,
  wrongType: ({ field, expected }) => `${the(field)} ${TYPE[expected] ?? expected} olmalı`,
  tooBig: ({ field, limit, of }) => `${the(field)} en fazla ${limitOf(of, limit)} olmalı`,
  tooSmall: ({ field, limit, of }) => `${the(field)} en az ${limitOf(of, limit)} olmalı`,
  badFormat: ({ field, format }) => `${the(field)} ${FORMAT[format] ?? `geçerli bir ${format}`} olmalı`,
  notAllowed: ({ field, options }) => `${the(field)} şunlardan biri olmalı: ${options}`,
  ruleBroken: ({ field, rule }) => `${the(field)} kabul edilmedi: ${rule}`,
};
