import { describe, expect, it } from "vitest";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeAuditAction, describeEntity } from "./describe-audit-action";

describe("audit actions and entities in the operator's language", () => {
  it("words an action's entity and verb, a status verb as the status word", () => {
    expect(describeAuditAction("eiban_wallet.create", tr)).toBe("E-IBAN cüzdanı: oluşturuldu");
    expect(describeAuditAction("transaction.completed", tr)).toBe("İşlem: tamamlandı");
    expect(describeAuditAction("bank_account.update", en)).toBe("Bank account: changed");
    expect(describeAuditAction("transaction.second_approval_requested", tr)).toBe("İşlem: ikinci onay istendi");
  });

  it("words an entity type, an unknown one with spaces", () => {
    expect(describeEntity("callback_delivery", en)).toBe("Callback delivery");
    expect(describeEntity("some_new_thing", en)).toBe("some new thing");
  });
});
