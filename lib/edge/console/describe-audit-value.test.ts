import { describe, expect, it } from "vitest";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { describeAuditValue } from "./describe-audit-value";

describe("describeAuditValue", () => {
  it("shows a recorded UTC instant in Istanbul time, in each language's format", () => {
    expect(describeAuditValue("createdAt", "2026-11-24T05:26:21.566Z", tr)).toBe("24.11.2026 08:26:21");
    expect(describeAuditValue("createdAt", "2026-11-24T05:26:21.566Z", en)).toBe("2026-11-24 08:26:21");
  });

  it("puts empty values, booleans and lists into words", () => {
    expect(describeAuditValue("config", "null", tr)).toBe("(boş)");
    expect(describeAuditValue("config", "null", en)).toBe("(empty)");
    expect(describeAuditValue("isActive", "false", tr)).toBe("hayır");
    expect(describeAuditValue("isActive", "true", en)).toBe("yes");
    expect(describeAuditValue("ipWhitelist", "[]", tr)).toBe("(yok)");
    expect(describeAuditValue("ipWhitelist", '["10.0.0.1","10.0.0.2"]', en)).toBe("10.0.0.1, 10.0.0.2");
  });

  it("names the stored enums and formats money", () => {
    expect(describeAuditValue("role", "DEALER", tr)).toBe(tr.roles.DEALER);
    expect(describeAuditValue("method", "MANUAL_BANK", tr)).toBe(tr.labels.method.MANUAL_BANK);
    expect(describeAuditValue("state", "EXHAUSTED", en)).toBe(en.labels.deliveryState.EXHAUSTED);
    expect(describeAuditValue("maxAmount", "12500.50", tr)).toMatch(/^12\.500,50/);
    // A settlement: whom it paid and the bank's day.
    expect(describeAuditValue("direction", "TO_SERVICE", tr)).toBe(tr.ledger.settlements.direction.TO_SERVICE);
    expect(describeAuditValue("direction", "WITHDRAWAL", en)).toBe(en.labels.direction.WITHDRAWAL);
    expect(describeAuditValue("paidOn", "2026-11-24", tr)).toBe("24.11.2026");
    expect(describeAuditValue("paidOn", "2026-11-24", en)).toBe("2026-11-24");
  });

  it("words a recorded object key by key, never as raw JSON", () => {
    expect(describeAuditValue("config", '{"adapter":"sandbox","formerCodes":[],"dealer_id":7}', tr)).toBe(
      `${tr.domain.fields.adapter}: sandbox; ${tr.domain.fields.formerCodes}: ${tr.audit.noneListed}; ` +
        `${tr.domain.fields.dealer_id}: 7`,
    );
    expect(describeAuditValue("config", "{}", en)).toBe(en.audit.empty);
  });

  it("leaves data as recorded", () => {
    expect(describeAuditValue("name", "Kuzey Bayi", tr)).toBe("Kuzey Bayi");
    expect(describeAuditValue("role", "SOMETHING_ELSE", tr)).toBe("SOMETHING_ELSE");
    expect(describeAuditValue("ipWhitelist", '["10.0.0.1", "10.0.…', en)).toBe('["10.0.0.1", "10.0.…');
  });
});
