import { z } from "zod";
import type { BankConnector, BankLine, PartnerAck } from "../ports";
import { httpPartnerConfigSchema, type HttpPartnerConfig } from "./config";
import { callPartner, pingPartner } from "./call-partner";
import { BANK_SIGNATURE_HEADER, signatureMatches } from "./signature";

const OK: PartnerAck = { status: 200, contentType: "application/json", body: JSON.stringify({ success: true }) };
const BAD: PartnerAck = { status: 401, contentType: "application/json", body: JSON.stringify({ success: false, message: "Invalid signature" }) };

const money = z.string().regex(/^\d{1,16}\.\d{2}$/);

const bankLine = z.object({
  reference: z.string().min(1).max(128),
  direction: z.enum(["incoming", "outgoing"]),
  amount: money,
  counterpartyName: z.string().max(255),
  counterpartyIban: z.string().max(64),
  description: z.string().max(500),
  occurredAt: z.iso.datetime({ offset: true }),
  clientRef: z.string().max(64).nullish(),
  status: z.enum(["completed", "failed"]).optional(),
  reason: z.string().max(500).nullish(),
});

/** The bank's push notification: a transfer's outcome or a payment received (docs/partner-protocol.md). */
const notification = z.discriminatedUnion("type", [
  z.object({ type: z.enum(["transfer.completed", "transfer.failed"]), clientRef: z.string().min(1), reference: z.string().min(1), reason: z.string().optional(), occurredAt: z.iso.datetime() }),
  z.object({
    type: z.literal("incoming"),
    reference: z.string().min(1),
    iban: z.string().min(1),
    amount: money,
    senderName: z.string(),
    senderIban: z.string(),
    description: z.string(),
    occurredAt: z.iso.datetime(),
  }),
]);

function linesOf(raw: string): BankLine[] | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = notification.safeParse(json);
  if (!parsed.success) return null;
  const n = parsed.data;
  if (n.type === "incoming") {
    return [{ reference: n.reference, direction: "incoming", amount: n.amount, counterpartyName: n.senderName, counterpartyIban: n.senderIban, description: n.description, occurredAt: n.occurredAt, accountIban: n.iban }];
  }
  const completed = n.type === "transfer.completed";
  return [{ reference: n.reference, direction: "outgoing", amount: "0.00", counterpartyName: "", counterpartyIban: "", description: "", occurredAt: n.occurredAt, clientRef: n.clientRef, status: completed ? "completed" : "failed", reason: n.reason ?? null }];
}

/**
 * The http-partner protocol as the E-IBAN bank: signed transfer orders, balances, a paged statement (the
 * poller's source of truth), a transfer inquiry and signed push notifications (an accelerator only).
 */
export const httpPartnerBank: BankConnector<HttpPartnerConfig> = {
  name: "http-partner",
  kind: "bank",
  label: "HTTP partner protocol (signed JSON)",
  configSchema: httpPartnerConfigSchema,
  secretKeys: ["secret"],
  testConnection: (config) => pingPartner(config, BANK_SIGNATURE_HEADER, config.merchantId),

  submitTransfer: (config, order) => callPartner<{ reference: string }>(config, BANK_SIGNATURE_HEADER, "/transfers", order),

  balance: async (config, iban) => (await callPartner<{ balance: string }>(config, BANK_SIGNATURE_HEADER, `/accounts/${encodeURIComponent(iban)}`, null)).balance,

  async listTransactions(config, iban, cursor) {
    const answer = await callPartner<unknown>(config, BANK_SIGNATURE_HEADER, "/statements", { iban, cursor });
    const parsed = z.object({ lines: z.array(bankLine), nextCursor: z.string().max(256).nullable() }).safeParse(answer);
    if (!parsed.success) throw new Error(`the bank's statement is malformed: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`);
    return parsed.data;
  },

  async verifyNotification(config, message) {
    if (!signatureMatches(config.secret, message.rawBody, message.headers[BANK_SIGNATURE_HEADER])) return { ok: false, reason: "signature does not match", ack: BAD };
    const lines = linesOf(message.rawBody);
    if (!lines) return { ok: false, reason: "malformed notification", ack: { ...BAD, status: 422 } };
    return { ok: true, lines, ack: OK };
  },

  async inquireTransfer(config, clientRef) {
    const answer = await callPartner<unknown>(config, BANK_SIGNATURE_HEADER, "/transfers/inquiry", { clientRef });
    const parsed = z.object({ status: z.enum(["completed", "failed", "pending", "not_found"]), reference: z.string().nullable(), reason: z.string().nullish() }).safeParse(answer);
    if (!parsed.success) return { status: "pending", reference: null };
    return parsed.data;
  },
};
