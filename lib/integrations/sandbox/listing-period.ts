import { z } from "zod";

/**
 * The period of a sandbox partner's listing for reconciliation (docs/partner-protocol.md, "Listing
 * transactions"): `[from, to)`, ISO 8601 instants with a zone, `to` after `from` and at most 31 days later;
 * anything else is refused (422) like a partner of the protocol refuses it.
 */
const MAX_PERIOD_MS = 31 * 24 * 3600_000;

/** The most records one page of a sandbox listing holds (the protocol's partners may send up to 500). */
export const SANDBOX_LIST_PAGE = 200;

export const periodFields = { from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) };

/** Whether a listing's period is one the protocol serves; `PERIOD_RULE` words the refusal. */
export function validPeriod({ from, to }: { from: string; to: string }): boolean {
  const ms = Date.parse(to) - Date.parse(from);
  return ms > 0 && ms <= MAX_PERIOD_MS;
}

export const PERIOD_RULE: { path: string[]; message: string } = {
  path: ["to"],
  message: "to must be after from and at most 31 days later",
};
