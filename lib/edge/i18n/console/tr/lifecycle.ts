import type { AlertMessages, LifecycleMessages } from "@/lib/edge/i18n/console/en/lifecycle";

export const lifecycle: LifecycleMessages = {
  roles: {
    customer: "müşteri",
    admin: "bir yönetici",
    dealer_staff: "bayi personeli",
    bank: "banka",
    acquirer: "kart sağlayıcısı (acquirer)",
    gateway: "kendi ödeme geçidi",
    expiry: "süre aşımı işi",
    system: "servis",
  },
  or: "veya",
  refusal: {
    no_move: (code, from, to) => `${code} şu an ${from}: ${to} durumuna geçemez.`,
    actor: (code, from, to, who) => `${code} şu an ${from}: onu ${to} yapabilen yalnızca ${who}.`,
    guard: (code, from, to) =>
      `${code} şu an ${from}: bankaya gönderildi ya da süresi doldu, bu yüzden şimdi ${to} olamaz.`,
    amount: (code, from, to) => `${code} (${from}): tutar bu adımın izin verdiği aralığın dışında, ${to} yapılmadı.`,
    binding: (code, from, to) => `${code} (${from}) başka bir ödeme geçidine ait: ${to} yapılmadı.`,
    evidence: (code, from, to) =>
      `${code} (${from}) yalnızca kendi E-IBAN hesabına gelen, eşleşmemiş bir ödemeyle ${to} olur.`,
    reference: (code, from, to) => `${code} (${from}) yalnızca ödemenin banka referansıyla ${to} olur.`,
    four_eyes: (code, from, to) => `${code} (${from}) ancak öneren dışında bir yönetici onaylarsa ${to} olur.`,
    second_person: (code, from) =>
      `${code} (${from}): hesabınız ikinci onayı veremez. İkinci onay yalnızca öneri yapılmadan önce var olan, ` +
      `ikinci doğrulama adımı o zamandan beri açık olan ve önerenin oluşturmadığı, yeniden etkinleştirmediği ya da ` +
      `parolasını belirlemediği bir yönetici hesabından gelebilir.`,
  },
};

export const alerts: AlertMessages = {
  heading: "İlgilenilmesi gerekenler",
  headingCount: (count) => `İlgilenilmesi gerekenler (${count})`,
  intro:
    "Bir banka, kart sağlayıcısı veya ödeme geçidi bildirdi ancak uygulanmadı ya da personel bir para ayarını " +
    "değiştirdi. Her birini kontrol edip ne yapıldığını yazın.",
  none: "İlgilenilmesi gereken bir şey yok.",
  kind: {
    outcome_conflict: "Sonuç uygulanmadı",
    late_card_approval: "Başarısız olduktan sonra çekildi: iade edin",
    refund_unknown: "İade yanıtsız kaldı: kart işlemcisinde sorgulanıyor",
    charge_not_accepted: "Karttan tahsil edildi ancak kabul edilmiyor: tahsilatı iade edin",
    inquiry_mismatch: "Durum yanıtı siparişle uyuşmuyor",
    payment_for_closed_deposit: "Kapanmış bir yatırım için para geldi",
    gateway_unreachable: "Ödeme geçidi yanıt vermiyor",
    sent_after_expiry: "Müşteri, süresi dolan yatırım için parayı gönderdiğini bildirdi",
    gateway_lost_order: "Ödeme geçidi kabul ettiği bir talebi tanımıyor",
    second_card_charge: "Karttan iki kez tahsil edildi: ikinci tahsilatı iade edin",
    collected_more: "Müşteri siparişten fazla ödedi (taksit ya da ek ücret)",
    reconciliation_discrepancy: "Mutabakat: iş ortağının kayıtları bizimkilerden farklı",
    gateway_order_unconfirmed: "Ödeme geçidi onaylamadığı bir çekim talimatını tutuyor",
    foreign_bank_line: "Bir banka mesajı başka bir cüzdanı belirtti: kaydedilmedi",
    partner_answer_mismatch: "İş ortağının yanıtı talimatla eşleşmedi: uygulanmadı",
    money_setting_changed: "Bir para ayarı değiştirildi",
  },
  source: "Bildiren",
  raised: "Oluşturulma",
  resolution: "Yapılan işlem",
  resolve: "Çözüldü olarak kapat",
  resolved: "Kapatıldı.",
  needNote: "Ne yapıldığını yazın (en az 3 karakter).",
  unknown: "Bu uyarı yok ya da sizin kapatabileceğiniz bir uyarı değil.",
  roleCannotResolve: "Rolünüz uyarıları kapatamaz.",
  resolvedBy: (who, when) => `${who} tarafından ${when} tarihinde kapatıldı`,
};
