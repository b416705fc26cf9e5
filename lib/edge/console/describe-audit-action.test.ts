import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@/lib/domain/audit/audit-actions";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeAuditAction, describeEntity, isWordedAuditAction } from "./describe-audit-action";

const ROOT = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The actions code records literally: `action: "x.y"` and both sides of `action: c ? "x.y" : "x.z"`. */
function recordedLiterals(): string[] {
  const found = new Set<string>();
  for (const file of ["lib", "app", "scripts"].flatMap((dir) => sources(path.join(ROOT, dir)))) {
    for (const match of readFileSync(file, "utf8").matchAll(/\baction: ([^,}\n]+)/g)) {
      for (const literal of match[1]!.matchAll(/"([a-z_]+\.[a-z_.]+)"/g)) found.add(literal[1]!);
    }
  }
  return [...found].sort();
}

describe("audit actions", () => {
  it("lists every action the code records", () => {
    const listed = new Set<string>(AUDIT_ACTIONS);
    expect(recordedLiterals().filter((action) => !listed.has(action))).toEqual([]);
  });

  it("words every listed action in both languages, with no key left in the words", () => {
    for (const t of [en, tr]) {
      expect(
        AUDIT_ACTIONS.filter((action) => !isWordedAuditAction(action, t)),
        t.lang,
      ).toEqual([]);
      for (const action of AUDIT_ACTIONS)
        expect(describeAuditAction(action, t), action).not.toMatch(/[a-z]_[a-z]|\.[a-z]/);
    }
    expect(describeAuditAction("user.second_factor.enable", tr)).toBe(
      "Konsol kullanıcısı: ikinci doğrulama adımı açıldı",
    );
    expect(describeAuditAction("transaction.rejected", tr)).toBe("İşlem: reddedildi");
    expect(describeAuditAction("site_integration.revoke", tr)).toBe("Site entegrasyonu: erişimi kapatıldı");
  });
});

describe("audit actions and entities in the operator's language", () => {
  it("words an action's entity and verb, a status verb as the status word", () => {
    expect(describeAuditAction("eiban_wallet.create", tr)).toBe("E-IBAN cüzdanı: oluşturuldu");
    expect(describeAuditAction("transaction.completed", tr)).toBe("İşlem: tamamlandı");
    expect(describeAuditAction("bank_account.update", en)).toBe("Bank account: changed");
    expect(describeAuditAction("transaction.second_approval_requested", tr)).toBe("İşlem: ikinci onay istendi");
  });

  it("words an entity type, an unknown one with spaces", () => {
    expect(describeEntity("callback_delivery", en)).toBe("Callback delivery");
    expect(describeEntity("site_integration", tr)).toBe("Site entegrasyonu");
    expect(describeEntity("some_new_thing", en)).toBe("some new thing");
  });
});
