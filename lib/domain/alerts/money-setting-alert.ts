import type { Db } from "@/lib/base/db/prisma";
import type { Note } from "@/lib/base/messages/notes";
import type { Actor } from "@/lib/domain/audit/record-audit";
import { raiseAlert } from "./raise-alert";

/**
 * A money setting changed by staff (a connector configuration, an admin's access): besides its audit
 * entry, an alert in Needs attention, so an admin other than the one who made it sees it and says it was
 * meant. In the change's own transaction; one alert per audit entry. Admins only (no dealer on the alert):
 * the check is of one admin's act by another, and dealer staff can neither change nor undo these settings.
 * The dealer concerned, if any, is named in the message and in `details`.
 */
export async function alertMoneySettingChanged(
  db: Db,
  actor: Actor,
  change: { auditId: number; message: Note; dealerId?: number | null },
): Promise<void> {
  await raiseAlert(db, {
    kind: "money_setting_changed",
    source: actor.label,
    message: change.message,
    details: { audit_id: change.auditId, ...(change.dealerId != null ? { dealer_id: change.dealerId } : {}) },
    dedupeKey: `money_setting_changed:${change.auditId}`,
  });
}
