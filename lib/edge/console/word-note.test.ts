import { describe, expect, it } from "vitest";
import { ENGLISH_NOTES, englishNote } from "@/lib/base/messages/english-notes";
import { note, type NoteKey, type NoteParams } from "@/lib/base/messages/notes";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { UNNAMED_STAFF, withoutStaffNamesInParams } from "@/lib/domain/access/staff-names-in-notes";
import { alertMessage, historyNote, wordNoteFor } from "./word-note";

const stored = (n: ReturnType<typeof note>) => ({ note: null, noteKey: n.key, noteParams: n.params });

describe("history notes stored as a key and parameters", () => {
  it("words every key of the catalogue in Turkish and English, each its own words", () => {
    const keys = Object.keys(ENGLISH_NOTES) as NoteKey[];
    expect(keys.length).toBeGreaterThan(30);
    // Every parameter filled, so optional parts show too.
    const sample = new Proxy({}, { get: (_, name) => (name === "refusal" ? "R" : `p-${String(name)}`) }) as never;
    for (const key of keys) {
      const english = (en.domain.notes[key] as (p: never) => string)(sample);
      const turkish = (tr.domain.notes[key] as (p: never) => string)(sample);
      expect(english, key).toBeTruthy();
      expect(turkish, key).toBeTruthy();
      expect(turkish, key).not.toBe(english);
      // Every value the English words show, the Turkish words show too: none is silently dropped.
      for (const value of english.match(/p-[a-zA-Z]+|\bR\b/g) ?? []) expect(turkish, key).toContain(value);
    }
    expect(Object.keys(tr.domain.notes).sort()).toEqual([...keys].sort());
  });

  it("words amounts, statuses and free text in the operator's language; the reason is never translated", () => {
    const n = note("approvedAmount", { received: "1450.00", requested: "1500.00", reason: "only 1450 arrived" });
    expect(historyNote(stored(n), en)).toBe(
      "Approved with the received amount 1,450.00\u00a0TL (requested 1,500.00\u00a0TL): only 1450 arrived",
    );
    expect(historyNote(stored(n), tr)).toBe(
      "Alınan tutarla onaylandı: 1.450,00\u00a0TL (talep edilen 1.500,00\u00a0TL): only 1450 arrived",
    );
    expect(historyNote(stored(note("gateway", { status: "completed" })), tr)).toBe("Ödeme geçidi: tamamlandı");
    expect(historyNote(stored(note("customerSent")), tr)).toBe("Müşteri parayı gönderdiğini bildirdi");
    expect(historyNote(stored(note("rejected", { reason: "no money arrived" })), tr)).toBe(
      "Reddedildi: no money arrived",
    );
    expect(historyNote(stored(note("rejected", { reason: "" })), tr)).toBe("Reddedildi");
  });

  it("shows a row written before notes were keyed as stored", () => {
    expect(historyNote({ note: "Rejected: something old", noteKey: null, noteParams: null }, tr)).toBe(
      "Rejected: something old",
    );
    expect(historyNote({ note: "something", noteKey: "noSuchKey", noteParams: {} }, tr)).toBe("something");
  });

  it("words four-eyes notes, with staff names hidden where the viewer may not know them", () => {
    const proposed = note("proposed", {
      proposer: "ayse@x.test",
      status: "completed",
      amount: "90.00",
      reference: "BNK-1",
    });
    expect(historyNote(stored(proposed), tr)).toBe(
      "ayse@x.test ikinci onay istedi: 90,00\u00a0TL ile tamamlandı, banka referansı BNK-1",
    );
    const confirmed = note("confirmedByTwo", {
      proposer: "ayse@x.test",
      confirmer: "burak@x.test",
      received: "90.00",
      requested: "100.00",
      reason: "only 90 arrived",
    });
    expect(historyNote(stored(confirmed), tr)).toBe(
      "ayse@x.test onayladı, burak@x.test ikinci onayı verdi; alınan tutar 90,00\u00a0TL (talep edilen " +
        "100,00\u00a0TL): only 90 arrived",
    );
    const hidden = { note: null, noteKey: confirmed.key, noteParams: withoutStaffNamesInParams(confirmed.params) };
    expect(hidden.noteParams).toMatchObject({
      proposer: UNNAMED_STAFF,
      confirmer: UNNAMED_STAFF,
      reason: "only 90 arrived",
    });
    expect(historyNote(hidden, en)).toBe(
      `Approved by ${en.transactions.history.staff}, confirmed by ${en.transactions.history.staff}, with the ` +
        `received amount 90.00\u00a0TL (requested 100.00\u00a0TL): only 90 arrived`,
    );
  });

  it("words a report that was not applied with the lifecycle's refusal, in the operator's language", () => {
    const refusal = {
      trackingCode: "TRX1",
      from: "canceled",
      to: "completed",
      actor: "gateway",
      allowed: [],
      why: "no_move",
    } as const;
    const n = note("notApplied", {
      source: "gateway gw1",
      reported: "completed",
      refusal: { ...refusal, allowed: [] },
    });
    // Who reported it is said in the console's language, the partner's code kept.
    expect(wordNoteFor(n, tr)).toBe(
      `Uygulanmadı: Ödeme geçidi gw1 bildirdi: completed. ` +
        `${tr.lifecycle.refusal.no_move("TRX1", tr.labels.status.canceled, tr.labels.status.completed)}`,
    );
    expect(englishNote(n)).toContain("Not applied: gateway gw1 reported completed. TRX1 is canceled");
    for (const [source, words] of [
      ["card-acquirer", "Kart işlemcisi"],
      ["bank of wallet WLT-AB12", "WLT-AB12 cüzdanının bankası"],
      ["sandbox bank", "sandbox bankası"],
    ] as const)
      expect(
        wordNoteFor(note("notApplied", { source, reported: "x", refusal: { ...refusal, allowed: [] } }), tr),
      ).toContain(`Uygulanmadı: ${words} bildirdi`);
  });

  it("words an alert after its transaction's tracking code; an older alert as stored", () => {
    const n = note("sentAfterExpiry");
    expect(alertMessage({ message: "x", messageKey: n.key, messageParams: n.params }, "TRX1", tr)).toBe(
      "TRX1: Müşteri, yatırımın süresi dolduktan sonra parayı gönderdiğini bildirdi",
    );
    expect(alertMessage({ message: "TRX1: old words", messageKey: null, messageParams: null }, "TRX1", tr)).toBe(
      "TRX1: old words",
    );
  });

  it("stores only the optional parts given", () => {
    const n = note("acquirerApproved", { authCode: undefined });
    expect(n.params).toEqual({});
    const typed: NoteParams["amountChanged"] = { previous: "1.00", amount: "2.00" };
    expect(note("amountChanged", typed).params).toEqual(typed);
  });
});
