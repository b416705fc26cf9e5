import type { DomainMessages } from "@/lib/edge/i18n/console/en/domain";
import { TR_ERRORS } from "./errors";

const RECON_KIND_TR: Record<string, string> = {
  ours_only: "bizde kayıtlı, iş ortağında yok",
  partners_only: "iş ortağında var, bizde kayıtlı değil",
  amount_differs: "tutar ya da para birimi farklı",
  status_differs: "durum farklı",
};
const RECON_RECORD_TR: Record<string, string> = {
  sale: "satış",
  refund: "iade",
  void: "iptal",
  chargeback: "ters ibraz",
  deposit: "yatırım",
  payout: "ödeme",
};

export const domain: DomainMessages = {
  notes: {
    created: () => "Oluşturuldu",
    expiredDeposit: () => "Süresi doldu: ödeme sayfası zamanında tamamlanmadı",
    expiredWithdrawal: () => "İptal edildi: süresi dolmadan ödeme geçidine verilemedi",
    expiredCard: () => "Başarısız: 15 dakika içinde tamamlanmadı",
    amountChanged: ({ previous, amount }) => `Tutar ${previous} yerine ${amount} olarak değiştirildi`,
    customerSent: () => "Müşteri parayı gönderdiğini bildirdi",
    customerCancelled: () => "Müşteri iptal etti",
    acquirerApproved: ({ authCode }) =>
      authCode ? `Kart altyapısı onayladı, onay kodu ${authCode}` : "Kart altyapısı onayladı",
    acquirerDeclined: ({ code, message }) => `Kart altyapısı reddetti: ${code}: ${message}`,
    attemptDeclined: ({ attempt, code, message }) =>
      `${attempt}. deneme kart altyapısınca reddedildi (${code}: ${message}); ödeme başka bir kartla denenmek üzere ` +
      `açık kalıyor`,
    approved: () => "Onaylandı",
    proposed: ({ proposer, status, amount, reference }) =>
      `${proposer} ikinci onay istedi: ${amount} ile ${status}${reference ? `, banka referansı ${reference}` : ""}`,
    confirmedByTwo: ({ proposer, confirmer, received, requested, reference, reason }) =>
      `${proposer} onayladı, ${confirmer} ikinci onayı verdi; alınan tutar ${received} (talep edilen ` +
      `${requested})${reference ? `, banka referansı ${reference}` : ""}${reason ? `: ${reason}` : ""}`,
    declinedSecond: ({ who, reason }) => `İkinci onayı ${who} reddetti${reason ? `: ${reason}` : ""}`,
    sentAfterExpiry: () => "Müşteri, yatırımın süresi dolduktan sonra parayı gönderdiğini bildirdi",
    approvedAmount: ({ received, requested, reason }) =>
      `Alınan tutarla onaylandı: ${received} (talep edilen ${requested})${reason ? `: ${reason}` : ""}`,
    taken: () => "İşleme alındı",
    paidOut: ({ reason }) => (reason ? `Ödendi: ${reason}` : "Ödendi"),
    rejected: ({ reason }) => (reason ? `Reddedildi: ${reason}` : "Reddedildi"),
    failed: ({ reason }) => (reason ? `Başarısız: ${reason}` : "Başarısız"),
    canceled: ({ reason }) => (reason ? `İptal edildi: ${reason}` : "İptal edildi"),
    refunded: ({ reason }) => (reason ? `İade edildi: ${reason}` : "İade edildi"),
    partialRefund: ({ amount, reason }) =>
      `Kısmi iade ${amount}, kart işlemcisi onayladı${reason ? `: ${reason}` : ""}`,
    matchedByHand: ({ payment, sender }) => `Elle eşleştirildi: ${sender} tarafından gönderilen ${payment} ödemesi`,
    matched: ({ payment, sender }) => `Gelen ödemeyle eşleşti: ${payment}, gönderen ${sender}`,
    gateway: ({ status, reason }) => (reason ? `Ödeme geçidi: ${status}, ${reason}` : `Ödeme geçidi: ${status}`),
    handedToGateway: () => "Ödeme geçidine verildi",
    refusedBy: ({ gateway, message }) => `${gateway} reddetti: ${message}`,
    customerChose: ({ gateway, coin }) =>
      `Müşteri ${gateway}${coin ? ` (${coin})` : ""} seçti; ödeme bilgileri verildi`,
    sentToBank: () => "Bankaya gönderildi",
    bankSent: ({ reference }) => `Banka gönderdi, referans ${reference}`,
    bankRefused: ({ reason }) => `Banka havaleyi reddetti: ${reason}`,
    notApplied: ({ source, reported, refusal }) => `Uygulanmadı: ${source} bildirdi: ${reported}. ${refusal}`,
    lateApproval: ({ code }) =>
      `kart altyapısı ödemeyi başarısız olduktan sonra onayladı (${code}); karttan alınan tutarı iade edin.`,
    refundUnknown: ({ amount, refundId }) =>
      `${amount} iadesi (${refundId}) kart işlemcisinden yanıt almadı: durumu bilinmiyor; yapılıp yapılmadığı kart ` +
      `işlemcisinin kayıtlarında görülene kadar tutar ayrılmış kalır`,
    refundProposed: ({ proposer, amount, refundId, reason }) =>
      `${proposer} ${amount} iadesini (${refundId}) önerdi${reason ? `: ${reason}` : ""}; ikinci bir yönetici ` +
      `onayladığında kart işlemcisine gönderilir`,
    refundConfirmed: ({ proposer, confirmer, amount, refundId }) =>
      `${amount} iadesi (${refundId}): ${proposer} önerdi, ${confirmer} onayladı; kart işlemcisine gönderildi`,
    refundDeclined: ({ who, amount, refundId, reason }) =>
      `${amount} iadesi (${refundId}) ${who} tarafından reddedildi${reason ? `: ${reason}` : ""}; hiçbir ` +
      `şey gönderilmedi`,
    refundNotMade: ({ amount, refundId }) =>
      `${amount} iadesi (${refundId}) yapılmadı: kart işlemcisinin kayıtlarında böyle bir iade yok`,
    chargeNotAccepted: ({ code, message }) =>
      `kart işlemcisi tutarı karttan tahsil etti ancak ödeme kabul edilmiyor (${code}: ${message}); tahsilatı iade ` +
      `edin.`,
    inquiryMismatch: ({ source, reported }) => `Uygulanmadı: ${source} durum yanıtı siparişle uyuşmuyor (${reported}).`,
    paymentForClosed: ({ status, amount, reference }) =>
      `yatırım ${status} durumunda, ancak bunun için ${amount} geldi (banka referansı ${reference}).`,
    gatewayLostOrder: ({ gateway }) =>
      `${gateway} bu talimatı kabul etti ancak durum sorgusu onu tanımıyor; ödeme geçidiyle kontrol edin.`,
    gatewayUnreachable: () => "ödeme geçidine verildi ancak süresi dolana kadar onaylanmadı; yeniden deneniyor.",
    reconDiscrepancy: ({ partner, day, kind, record, amount, order }) =>
      `${partner} ${day} mutabakatı: ${RECON_KIND_TR[kind] ?? kind} (${RECON_RECORD_TR[record] ?? record} ${amount}, ` +
      `sipariş ${order}).`,
    collectedMore: ({ collected, amount }) =>
      `Ödeme kuruluşu bu ${amount} tutarlı ödeme için müşteriden ${collected} tahsil etti (taksit vade farkı ya da ` +
      "ödeme yönteminin ek ücreti): ödemeye kendi tutarı yansıtıldı; aradaki fark müşteri ile ödeme kuruluşu " +
      "arasındadır.",
    secondCharge: ({ charge, amount, credited, authCode }) =>
      `Kart altyapısı ödenmiş bu ödeme için karttan ikinci kez tahsilat yaptı (tahsilat ${charge}, ` +
      `${amount}${authCode ? `, onay kodu ${authCode}` : ""}; ödeme ${credited} tahsilatıyla yapılmıştı). Bu tutar ` +
      `yansıtılmadı: ${charge} tahsilatını kart altyapısında iade edin.`,
    partiallyPaid: ({ amount, paid, asset }) =>
      `Müşteri ${paid} ${asset} gönderdi; ödeme geçidinin kuruyla ${amount} değerinde, talep edilenden az. Ödeme ` +
      `geçidi tamamının ödendiğini bildirene kadar yansıtılmaz.`,
    gatewayUnconfirmed: ({ gateway, message }) =>
      `${gateway} bu çekim talimatını aldı ancak onaylamayı reddetti (${message}); yine de ödenebilir. Ödeme ` +
      `geçidinde kontrol edin; durum sorgusu sonucu belirler.`,
    bankLineOtherAccount: ({ signer, iban, reference }) =>
      `${signer ? `${signer} cüzdanının banka anahtarıyla` : "Sandbox bankasının ortak anahtarıyla"} doğrulanan bir ` +
      `banka mesajı, bu anahtarın kayıt yapamayacağı ${iban} hesabını belirtiyor (banka referansı ${reference}): ` +
      `hiçbir şey kaydedilmedi.`,
    bankLineOtherTransfer: ({ signer, transfer, reference }) =>
      `${signer ? `${signer} cüzdanının banka anahtarıyla` : "Sandbox bankasının ortak anahtarıyla"} doğrulanan bir ` +
      `banka mesajı, başka bir cüzdanın ${transfer} transferini belirtiyor (banka referansı ${reference}): hiçbir ` +
      `şey sonuçlandırılmadı.`,
    statementUnsigned: ({ wallet, reason }) =>
      `${wallet} cüzdanının banka hesap dökümü isteğimiz için imzalanmamıştı (${reason}): içindeki hiçbir satır ` +
      "kaydedilmedi; döküm her dakika yeniden okunur.",
    partnerAnswerUnsigned: ({ partner }) =>
      `${partner} durum sorgusunu geçerli bir imza olmadan yanıtladı; yanıt uygulanmadı.`,
    partnerAnswerMismatch: ({ partner, field, expected, reported }) =>
      `${partner} durum sorgusunu ${expected} yerine ${field} ${reported} ile yanıtladı; yanıt uygulanmadı.`,
    acquirerSet: ({ dealer, connector, who }) =>
      `${who}, ${dealer} bayisinin kart altyapısını ayarladı (${connector}); bilerek yapıldığını kontrol edin.`,
    gatewayConnectorSet: ({ gateway, connector, who }) =>
      `${who}, ${gateway} ödeme geçidinin bağlantı ayarlarını değiştirdi (${connector}); bilerek yapıldığını ` +
      `kontrol edin.`,
    gatewaySecretRotated: ({ gateway, who }) =>
      `${who}, ${gateway} ödeme geçidi için yeni bir gizli anahtar oluşturdu; bilerek yapıldığını kontrol edin.`,
    walletConnectorSet: ({ wallet, connector, who }) =>
      `${who}, ${wallet} E-IBAN cüzdanını kendi banka bağlantısıyla (${connector}) ekledi; bilerek yapıldığını ` +
      `kontrol edin.`,
    adminCreated: ({ email, who }) => `${who}, ${email} yönetici hesabını oluşturdu; bilerek yapıldığını kontrol edin.`,
    adminReactivated: ({ email, who }) =>
      `${who}, ${email} yönetici hesabını yeniden etkinleştirdi; bilerek yapıldığını kontrol edin.`,
    adminPasswordSet: ({ email, who }) =>
      `${who}, ${email} yönetici hesabına yeni parola belirledi; bilerek yapıldığını kontrol edin.`,
  },
  errors: TR_ERRORS,
  audit: {
    entities: {
      alert: "Uyarı",
      bank_account: "Banka hesabı",
      blocked_customer: "Engelli müşteri",
      callback: "Callback",
      callback_delivery: "Callback iletimi",
      console_user: "Konsol kullanıcısı",
      customer: "Müşteri",
      dealer: "Bayi",
      eiban_wallet: "E-IBAN cüzdanı",
      gateway: "Ödeme geçidi",
      provider: "Sağlayıcı",
      site: "Site",
      transaction: "İşlem",
      transactions: "İşlemler",
      transfer: "Banka transferi",
      user: "Konsol kullanıcısı",
      fee_schedule: "Komisyon tarifesi",
      ledger: "Muhasebe defteri",
      settlement: "Mutabakat ödemesi",
      balances: "Bakiyeler",
      statements: "Ekstre",
      site_integration: "Site entegrasyonu",
      secrets: "Saklanan gizli değerler",
      reconciliation: "Mutabakat farkı",
    },
    verbs: {
      api_security: "API güvenliği değiştirildi",
      create: "oluşturuldu",
      second_approval_requested: "ikinci onay istendi",
      second_approval_declined: "ikinci onay reddedildi",
      update: "değiştirildi",
      resend: "yeniden gönderildi",
      test: "test gönderildi",
      block: "engellendi",
      unblock: "engeli kaldırıldı",
      ip_whitelist: "IP izin listesi değiştirildi",
      rotate_secret: "yeni gizli anahtar verildi",
      rotate_verification_key: "yeni doğrulama anahtarı verildi",
      rotate_credential_key: "yeni kimlik anahtarı verildi",
      gateways: "sunulan ödeme geçitleri değiştirildi",
      settings: "ayarlar değiştirildi",
      resolve: "çözüldü",
      export: "dışa aktarıldı (CSV)",
      deactivate: "pasifleştirildi",
      acquirer_set: "kart işlemcisi tanımlandı",
      refund: "kart işlemcisiyle iade edildi",
      refund_refused: "iade kart işlemcisince reddedildi",
      refund_failed: "iade kart işlemcisine sorulamadı",
      refund_unknown: "iadeye kart işlemcisi yanıt vermedi: durumu bilinmiyor",
      refund_not_made: "durumu bilinmeyen iadenin yapılmadığı görüldü",
      refund_checked: "durumu bilinmeyen iade kart işlemcisinde sorgulandı",
      refund_retried: "durumu bilinmeyen iade yeniden gönderildi",
      refund_proposed: "iade önerildi (ikinci yönetici bekliyor)",
      refund_confirmed: "iade ikinci yönetici tarafından onaylandı",
      refund_declined: "önerilen iade reddedildi",
      second_approval_confirmed: "ikinci onay verildi",
      adjustment: "elle düzeltildi",
      backfill: "eksik kayıtlar işlendi",
      revoke: "erişimi kapatıldı",
      "second_factor.enable": "ikinci doğrulama adımı açıldı",
      "second_factor.disable": "ikinci doğrulama adımı kapatıldı",
      reencrypt: "güncel anahtarla yeniden şifrelendi",
      set_password: "parola belirlendi",
      explain: "açıklamayla kapatıldı",
      propose: "iş ortağının kaydının kabulü önerildi",
      accept: "iş ortağının kaydı kabul edildi (ikinci yönetici)",
      run: "elle çalıştırıldı",
    },
    action: (entity, verb) => `${entity}: ${verb}`,
  },
  fields: {
    id: "kimlik",
    createdAt: "oluşturulma zamanı",
    updatedAt: "güncellenme zamanı",
    lastOfferedAt: "son gösterilme zamanı",
    expiresAt: "son geçerlilik zamanı",
    completedAt: "tamamlanma zamanı",
    deliveredAt: "teslim zamanı",
    nextAttemptAt: "sonraki deneme zamanı",
    disabledAt: "devre dışı bırakılma zamanı",
    lastLoginAt: "son giriş zamanı",
    balance: "bakiye",
    bankBalance: "banka bakiyesi",
    currency: "para birimi",
    method: "yöntem",
    direction: "tür",
    origin: "kaynak",
    username: "kullanıcı adı",
    fullname: "ad soyad",
    siteId: "site",
    gatewayId: "ödeme geçidi",
    bankAccountId: "banka hesabı",
    eibanWalletId: "E-IBAN cüzdanı",
    connector: "bağlayıcı",
    refundId: "iade numarası",
    refundedTotal: "toplam iade",
    partnerReference: "işlemci referansı",
    proposedBy: "öneren",
    confirmedBy: "onaylayan",
    secondApprovalId: "ikinci onay numarası",
    proposedStatus: "önerilen durum",
    config: "yapılandırma",
    requireSignedBodies: "imzalı gövde zorunlu",
    maxTransactionAmount: "işlem başına en yüksek tutar",
    note: "not",
    finalAmount: "alınan tutar",
    apiKey: "API anahtarı",
    passwordChanged: "parola değiştirildi",
    previousSecretValidTo: "eski anahtarın geçerlilik sonu",
    reason: "neden",
    transactionId: "işlem",
    userId: "kullanıcı",
    name: "ad",
    isActive: "etkin",
    dealerId: "bayi",
    providerId: "sağlayıcı",
    returnUrl: "dönüş URL'si",
    legalName: "ticari unvan",
    logoUrl: "logo adresi",
    gatewayIds: "ödeme geçitleri",
    descriptionTr: "Türkçe açıklama",
    bankName: "banka",
    accountName: "hesap sahibi",
    iban: "IBAN",
    minAmount: "en düşük tutar",
    maxAmount: "en yüksek tutar",
    walletId: "cüzdan",
    email: "e-posta",
    role: "rol",
    state: "durum",
    attempts: "denemeler",
    status: "işlem durumu",
    kind: "tür",
    resolution: "yapılan",
    target: "hedef",
    code: "kod",
    description: "açıklama",
    methods: "ödeme yöntemleri",
    paymentMethods: "ödeme yöntemleri",
    ipWhitelist: "IP izin listesi",
    ips: "IP izin listesi",
    depositCallbackUrl: "yatırım callback URL'si",
    withdrawalCallbackUrl: "çekim callback URL'si",
    creditCardCallbackUrl: "kart callback URL'si",
    rateLimitPerMinute: "dakikadaki istek sınırı",
    embedOrigins: "gömme kaynakları",
    filters: "süzgeçler",
    value: "değer",
    bank: "banka",
    holder: "hesap sahibi",
    min: "en düşük tutar",
    max: "en yüksek tutar",
    amount: "tutar",
    password: "parola",
    url: "URL",
    graceUntil: "eski anahtarın geçerlilik sonu",
    effectiveFrom: "geçerlilik başlangıcı",
    servicePercent: "hizmet komisyonu (%)",
    serviceFixed: "hizmet komisyonu (sabit)",
    dealerPercent: "bayi payı (%)",
    dealerFixed: "bayi payı (sabit)",
    debit: "borçlandırılan hesap",
    credit: "alacaklandırılan hesap",
    setId: "defter kaydı",
    written: "yazılan kayıt",
    reference: "banka referansı",
    paidOn: "ödeme günü",
    asOf: "itibarıyla",
    adapter: "bağlayıcı",
    requiredFields: "zorunlu alanlar",
    supportedCryptoTypes: "kripto türleri",
    previousConfig: "önceki yapılandırma",
    previousConfigUntil: "önceki yapılandırmanın geçerlilik sonu",
    formerCodes: "eski kodlar",
    dealer_id: "bayi",
    site_token_hint: "site anahtarı (maskeli)",
    day: "gün",
    // Bir kart alıcısının yapılandırma anahtarları, yapılandırma retlerinde anılır.
    merchantId: "üye işyeri numarası",
    storeKey: "mağaza anahtarı",
    endpoint: "uç nokta",
    clientId: "müşteri numarası",
    gatewayUrl: "ödeme sayfası adresi",
    apiUrl: "API adresi",
    lang: "dil",
    timeoutMs: "zaman aşımı (ms)",
    reportCallsPerSecond: "mutabakat için saniyede sipariş sorgusu",
    acceptHalf3D: "yarım 3-D Secure kabul",
    secretKey: "gizli anahtar",
    baseUrl: "temel adres",
    terminalId: "terminal numarası",
    refundUserId: "iade kullanıcısı",
    refundPassword: "iade parolası",
    mode: "mod",
    companyName: "firma adı",
    merchantKey: "üye işyeri anahtarı",
    merchantSalt: "üye işyeri tuzu",
    testMode: "test modu",
  },
};
