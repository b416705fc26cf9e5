import { describe, expect, it } from "vitest";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeAuditAction, describeMessage, describeNote } from "./describe-domain-text";

describe("domain text in the operator's language", () => {
  it("keeps English notes as stored and translates them to Turkish, amounts and statuses included", () => {
    const note = "Approved with the received amount 1450.00 (requested 1500.00): only 1450 arrived";
    expect(describeNote(note, en)).toBe("Approved with the received amount 1,450.00\u00a0TL (requested 1,500.00\u00a0TL): only 1450 arrived");
    expect(describeNote(note, tr)).toBe("Alınan tutarla onaylandı: 1.450,00\u00a0TL (talep edilen 1.500,00\u00a0TL): only 1450 arrived");
    expect(describeNote("Gateway: completed", tr)).toBe("Ödeme geçidi: tamamlandı");
    expect(describeNote("The customer says the money was sent", tr)).toBe("Müşteri parayı gönderdiğini bildirdi");
    expect(describeNote("Rejected: no money arrived", tr)).toBe("Reddedildi: no money arrived");
    expect(describeNote("something new", tr)).toBe("something new");
  });

  it("translates validation messages with their field names", () => {
    expect(describeMessage("max must be at least 0.01", tr)).toBe("En yüksek tutar en az 0,01\u00a0TL olmalı");
    expect(describeMessage("bank is required", tr)).toBe("Banka gerekli");
    expect(describeMessage("Line 2: 300.1.1.1 is not an IP address or CIDR range", tr)).toBe("Satır 2: 300.1.1.1 is not an IP address or CIDR range");
    expect(describeMessage("bank is required", en)).toBe("Bank is required");
  });

  it("names audit actions in words", () => {
    expect(describeAuditAction("eiban_wallet.create", tr)).toBe("E-IBAN cüzdanı: oluşturuldu");
    expect(describeAuditAction("transaction.completed", tr)).toBe("İşlem: tamamlandı");
    expect(describeAuditAction("bank_account.update", en)).toBe("Bank account: changed");
  });

  it("words four-eyes notes, the account-maximum refusal and the late 'sent' in Turkish", () => {
    expect(describeNote("Second approval requested by ayse@x.test: completed with 90.00, bank reference BNK-1", tr)).toBe("ayse@x.test ikinci onay istedi: 90,00\u00a0TL ile tamamlandı, banka referansı BNK-1");
    expect(describeNote("Approved by ayse@x.test, confirmed by burak@x.test, with the received amount 90.00 (requested 100.00): only 90 arrived", tr)).toBe(
      "ayse@x.test onayladı, burak@x.test ikinci onayı verdi; alınan tutar 90,00\u00a0TL (talep edilen 100,00\u00a0TL): only 90 arrived",
    );
    expect(describeNote("Second approval declined by burak@x.test: the statement shows 100", tr)).toBe("İkinci onayı burak@x.test reddetti: the statement shows 100");
    expect(describeNote("The customer says the money was sent after the deposit expired", tr)).toBe("Müşteri, yatırımın süresi dolduktan sonra parayı gönderdiğini bildirdi");
    expect(describeMessage("the received amount 2000.00 is above the dealer's maximum per transaction of 1500.00", tr)).toBe(
      "Alınan tutar 2.000,00\u00a0TL, bayinin işlem başına en yüksek tutarı olan 1.500,00\u00a0TL tutarını aşıyor",
    );
    expect(describeAuditAction("transaction.second_approval_requested", tr)).toBe("İşlem: ikinci onay istendi");
  });
});

