import { describe, expect, it } from "vitest";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeAuditAction, describeMessage } from "./describe-domain-text";

describe("domain text in the operator's language", () => {
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

  it("words the account-maximum refusal in Turkish", () => {
    expect(describeMessage("the received amount 2000.00 is above the dealer's maximum per transaction of 1500.00", tr)).toBe(
      "Alınan tutar 2.000,00\u00a0TL, bayinin işlem başına en yüksek tutarı olan 1.500,00\u00a0TL tutarını aşıyor",
    );
    expect(describeAuditAction("transaction.second_approval_requested", tr)).toBe("İşlem: ikinci onay istendi");
  });
});

