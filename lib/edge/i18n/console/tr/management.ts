import type {
  DealerMessages,
  KeyMessages,
  ProviderMessages,
  SiteMessages,
} from "@/lib/edge/i18n/console/en/management";

export const keys: KeyMessages = {
  heading: "Anahtarlar",
  apiKey: "API anahtarı",
  secretKey: "Gizli anahtar",
  verificationKey: "Doğrulama anahtarı",
  credentialKey: "Kimlik anahtarı",
  previousSecret: "Önceki gizli anahtar",
  stillVerifies: (time) => `${time} tarihine kadar geçerli`,
  noneInUse: "kullanımda değil",
  issueSecret: "Yeni gizli anahtar oluştur",
  confirmRotation:
    "Yeni gizli anahtar oluşturulsun mu? Mevcut anahtarla imzalanan istekler bekleme süresi bitince reddedilir.",
  graceLabel: "Eski anahtarın geçerli kalacağı süre",
  newSecretUntil: (time) => `Yeni gizli anahtar oluşturuldu. Eski anahtar ${time} tarihine kadar geçerli.`,
  newSecretNow: "Yeni gizli anahtar oluşturuldu. Eski anahtar artık geçersiz.",
  ipWhitelist: "IP izin listesi",
  saveWhitelist: "İzin listesini kaydet",
  whitelistLabel: "İzin verilen IP'ler ve CIDR aralıkları, her satıra bir tane",
  whitelistHint: (max, emptyMeans) =>
    `IPv4 veya IPv6 adresleri ve CIDR aralıkları, en fazla ${max} tane. ${emptyMeans}`,
  entries: (count) => `${count} kayıt`,
  savedEntries: (count) => `${count} kayıt kaydedildi.`,
  depositUrl: "Yatırım callback URL'si",
  withdrawalUrl: "Çekim callback URL'si",
  cardUrl: "Kart callback URL'si",
  settings: "Ayarlar",
  saveSettings: "Ayarları kaydet",
  apiSecurity: "API güvenliği",
  apiSecurityDescription:
    "İmzalı gövde zorunluysa her istek X-Signature taşımalıdır (zaman damgası, yöntem, yol ve gövdenin gizli " +
    "anahtarla HMAC'i; entegrasyon kılavuzuna bakın); taşımayanlar 401 ile reddedilir. Üst sınırı aşan işlemler 422 " +
    "ile reddedilir.",
  requireSignedBodies: "İmzalı gövde zorunlu (X-Signature)",
  maxTransaction: "İşlem başına üst sınır (TRY)",
  signedBodies: "İmzalı gövde (X-Signature)",
  signedBodiesRequired: "zorunlu",
  signedBodiesOptional: "isteğe bağlı",
};

export const providers: ProviderMessages = {
  heading: "Sağlayıcılar",
  new: "Yeni sağlayıcı",
  newDescription:
    "API anahtarı, gizli anahtar ve doğrulama anahtarı yalnızca bir kez, oluşturulduktan hemen sonra gösterilir.",
  create: "Sağlayıcı oluştur",
  ipWhitelistLines: "IP izin listesi, her satıra bir tane",
  sites: "Siteler",
  none: "Henüz sağlayıcı yok.",
  emptyWhitelist: "boş (tüm IP'ler reddedilir)",
  back: "← Tüm sağlayıcılar",
  number: (id) => `Sağlayıcı #${id}`,
  sitesCount: (count) => `Siteler (${count})`,
  noSites: "Henüz site yok.",
  createOnSitesPage: "Siteler sayfasından bir site oluşturun.",
  keysDescription:
    "Gizli anahtarlar oluşturulduklarında bir kez gösterilir. Sonrasında yalnızca son dört karakterleri görünür.",
  issueVerificationKey: "Yeni doğrulama anahtarı oluştur",
  profile: "Profil ve callback URL'leri",
  profileDescription:
    "Boş bırakılan URL'ler silinir; URL'si olmayan callback'ler başarısız olur ve plana göre yeniden denenir.",
  saveProfile: "Profili kaydet",
  activeRefused: "Aktif (pasif sağlayıcıların istekleri 403 ile reddedilir)",
  whitelistDescription: "Başka bir adresten gelen istekler 403 ile reddedilir.",
  emptyWhitelistMeans: "Boş liste her isteği reddeder.",
  limits: "Limitler ve sayfa gömme",
  rateLimit: (defaultLimit) => `Dakika başına istek (varsayılan ${defaultLimit})`,
  rateLimitShort: "Dakika başına istek",
  rateLimitDefault: (defaultLimit) => `${defaultLimit} (varsayılan)`,
  embedOrigins: "Ödeme sayfalarını çerçeve içinde açabilecek kaynaklar",
  readOnly: "Salt okunur. Bunları değiştirmek veya yeni anahtar almak için bir yöneticiye başvurun.",
  secretAndVerification: "Gizli anahtar ve doğrulama anahtarı",
  hiddenKeys: "Gizli: oluşturulduklarında bir kez gösterildiler.",
  whitelistRefusesAll: "boş: her istek reddedilir",
  adminsOnly: "Sağlayıcıları yalnızca yöneticiler yönetebilir.",
  adminsOnlyChange: "Sağlayıcıları yalnızca yöneticiler değiştirebilir.",
  adminsOnlySettings: "Sağlayıcı ayarlarını yalnızca yöneticiler değiştirebilir.",
  unknown: "Bilinmeyen sağlayıcı: sayfayı yenileyin.",
  created: (id) => `Sağlayıcı #${id} oluşturuldu. Bu anahtarları sağlayıcıya güvenli bir kanaldan iletin.`,
  savedInactive: "Kaydedildi. Sağlayıcı pasif: istekleri reddediliyor (403).",
  savedEmptyWhitelist: "Kaydedildi. İzin listesi boş: her istek reddediliyor.",
  newVerificationKey: "Yeni doğrulama anahtarı oluşturuldu. Eskisi artık geçersiz.",
};

export const dealers: DealerMessages = {
  heading: "Bayiler",
  new: "Yeni bayi",
  newDescription: "API anahtarı ve gizli anahtar yalnızca bir kez, oluşturulduktan hemen sonra gösterilir.",
  create: "Bayi oluştur",
  welcomeMessage: "Karşılama mesajı",
  ipWhitelistLines: "IP izin listesi, her satıra bir tane (boş: her IP, ancak send-money ve manual-iban/withdraw yok)",
  paymentMethods: "Ödeme yöntemleri",
  sites: "Siteler",
  none: "Henüz bayi yok.",
  back: "← Tüm bayiler",
  number: (id) => `Bayi #${id}`,
  // Turkish nouns stay singular after a number: "3 site", "1 site".
  siteCount: (count) => `${count} site`,
  bankAccountCount: (count) => `${count} banka hesabı`,
  walletCount: (count) => `${count} E-IBAN cüzdanı`,
  keysDescription: "Gizli anahtar oluşturulduğunda bir kez gösterilir. Sonrasında yalnızca son dört karakteri görünür.",
  activeRefused: "Aktif (pasif bayilerin istekleri 403 ile reddedilir)",
  whitelistDescription: "Başka bir adresten gelen bayi API istekleri 403 ile reddedilir.",
  emptyWhitelistMeans:
    "Boş liste bayi API'sini her IP'ye açar; yalnızca send-money ve manual-iban/withdraw reddedilir.",
  moneyNeedsWhitelist:
    "IP izin listesi yok: bayinin sunucu adresleri buraya eklenene kadar send-money ve manual-iban/withdraw 403 ile " +
    "reddedilir, çünkü API'nin hash'i yöntemi, yolu ve gövdeyi kapsamaz ve ele geçirilen başlıklar bu uç noktalarda " +
    "yeniden kullanılabilir.",
  readOnly: "Salt okunur. Bunları değiştirmek veya yeni gizli anahtar almak için bir yöneticiye başvurun.",
  hiddenSecret: "Gizli: oluşturulduğunda bir kez gösterildi.",
  whitelistAnyIp:
    "boş: bayi API'sini her IP çağırabilir, ancak bir yönetici liste girene kadar send-money ve " +
    "manual-iban/withdraw reddedilir (Bayiler > bu bayi > IP izin listesi)",
  adminsOnly: "Bayileri yalnızca yöneticiler değiştirebilir.",
  unknown: "Bilinmeyen bayi: sayfayı yenileyin.",
  created: (id) => `Bayi #${id} oluşturuldu. Bu anahtarları bayiye güvenli bir kanaldan iletin.`,
  savedEmptyWhitelist:
    "Kaydedildi. İzin listesi boş: bayi API'si her IP'den gelen isteği kabul ediyor, ancak send-money ve " +
    "manual-iban/withdraw reddediliyor.",
};

export const sites: SiteMessages = {
  heading: "Siteler",
  new: "Yeni site",
  newDescription: "Kimlik anahtarı yalnızca bir kez, oluşturulduktan hemen sonra gösterilir.",
  create: "Site oluştur",
  none: "Henüz site yok.",
  credentialKeyLower: "kimlik anahtarı",
  dealerTakesNew: "Bayi (yeni ödemeleri alır)",
  returnUrl: "Dönüş URL'si",
  returnUrlHint:
    "Ödeme sayfasının son ekranının ve iptalin müşteriyi ?status= ve &tracking_code= ile geri gönderdiği adres " +
    "(sitenin sayfası). Zorunlu.",
  legalName: "Ticari unvan",
  logoUrl: "Logo adresi",
  pageHint: 'Ödeme sayfasında görünenler: siteyi işleten şirket ("İşleten: …") ve logosu (https görsel adresi).',
  gateways: "Sunulan ödeme geçitleri",
  gatewaysHint:
    "Bu sitenin müşterilerinin para yatırma sayfalarında seçebileceği üçüncü taraf geçitler; hiçbiri işaretli " +
    "değilse hiçbiri sunulmaz.",
  noGateways: "Henüz ödeme geçidi yok: Ödeme geçitleri sayfasından ekleyin.",
  saveGateways: "Geçitleri kaydet",
  issueCredentialKey: "Yeni kimlik anahtarı oluştur",
  adminsOnly: "Siteleri yalnızca yöneticiler yönetebilir.",
  unknown: "Bilinmeyen site: sayfayı yenileyin.",
  chooseBoth: "Bir sağlayıcı ve bir bayi seçin.",
  created: (id) => `Site #${id} oluşturuldu. Kimlik anahtarını sağlayıcıya güvenli bir kanaldan iletin.`,
  newCredentialKey: "Yeni kimlik anahtarı oluşturuldu. Eskisi artık geçersiz.",
};
