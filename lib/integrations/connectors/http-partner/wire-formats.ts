import { z } from "zod";

/** The protocol's formats (docs/partner-protocol.md, "Formats"), shared by the bank's messages and the listings. */
export const money = z.string().regex(/^\d{1,16}\.\d{2}$/);
/** ISO 8601 with seconds and a zone: "Z" or an offset such as +03:00 (a Turkish bank's local time). */
export const instant = z.iso.datetime({ offset: true });
export const ibanField = z.string().min(1).max(34);
export const nextCursor = z.string().max(256).nullable();

/** A bank statement line, as /statements and /statements/period answer it. */
export const bankLine = z.object({
  reference: z.string().min(1).max(128),
  direction: z.enum(["incoming", "outgoing"]),
  amount: money,
  counterpartyName: z.string().max(255),
  counterpartyIban: z.string().max(64),
  description: z.string().max(500),
  occurredAt: instant,
  clientRef: z.string().max(64).nullish(),
  status: z.enum(["completed", "failed"]).optional(),
  reason: z.string().max(500).nullish(),
  // The account the line is on; the statement was asked for one account, so when given it must be that one.
  iban: ibanField.optional(),
});
