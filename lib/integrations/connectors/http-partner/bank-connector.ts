import { z } from "zod";
import { PartnerAnswerMismatch, type BankConnector, type BankLine, type PartnerAck } from "../ports";
import { httpPartnerConfigSchema, type HttpPartnerConfig } from "./config";
import { callPartner, pingPartner } from "./call-partner";
import { bankReport } from "./report";
import { BANK_SIGNATURE_HEADER, verifyPartnerMessage } from "./signature";
import { bankLine, ibanField, instant, money, nextCursor } from "./wire-formats";
import { httpPartnerBankSpec } from "./spec";

const OK: PartnerAck = { status: 200, contentType: "application/json", body: JSON.stringify({ success: true }) };
const BAD: PartnerAck = {
  status: 401,
  contentType: "application/json",
  body: JSON.stringify({ success: false, message: "Invalid signature" }),
};

/** The bank's push notification: a transfer's outcome or a payment received (docs/partner-protocol.md). */
const notification = z.discriminatedUnion("type", [
  z.object({
    type: z.enum(["transfer.completed", "transfer.failed"]),
    clientRef: z.string().min(1).max(64),
    reference: z.string().min(1).max(128),
    reason: z.string().max(500).optional(),
    occurredAt: instant,
  }),
  z.object({
    type: z.literal("incoming"),
    reference: z.string().min(1).max(128),
    iban: ibanField,
    amount: money,
    senderName: z.string().max(255),
    senderIban: z.string().max(64),
    description: z.string().max(500),
    occurredAt: instant,
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
    return [
      {
        reference: n.reference,
        direction: "incoming",
        amount: n.amount,
        counterpartyName: n.senderName,
        counterpartyIban: n.senderIban,
        description: n.description,
        occurredAt: n.occurredAt,
        accountIban: n.iban,
      },
    ];
  }
  const completed = n.type === "transfer.completed";
  return [
    {
      reference: n.reference,
      direction: "outgoing",
      amount: "0.00",
      counterpartyName: "",
      counterpartyIban: "",
      description: "",
      occurredAt: n.occurredAt,
      clientRef: n.clientRef,
      status: completed ? "completed" : "failed",
      reason: n.reason ?? null,
    },
  ];
}

/**
 * The http-partner protocol as the E-IBAN bank: signed transfer orders, balances, a paged statement (the
 * poller's source of truth), a transfer inquiry and signed push notifications (an accelerator only).
 */
export const httpPartnerBank: BankConnector<HttpPartnerConfig> = {
  name: "http-partner",
  kind: "bank",
  spec: httpPartnerBankSpec,
  configSchema: httpPartnerConfigSchema,
  secretKeys: ["secret"],
  testConnection: (config) => pingPartner(config, BANK_SIGNATURE_HEADER, config.merchantId),
  report: bankReport,

  submitTransfer: (config, order) =>
    callPartner<{ reference: string }>(config, BANK_SIGNATURE_HEADER, "/transfers", order),

  balance: async (config, iban) =>
    (
      await callPartner<{ balance: string }>(
        config,
        BANK_SIGNATURE_HEADER,
        `/accounts/${encodeURIComponent(iban)}`,
        null,
      )
    ).balance,

  /** The statement books money: its answer must be signed for this request (PartnerAnswerMismatch otherwise). */
  async listTransactions(config, account, cursor) {
    const answer = await callPartner<unknown>(
      config,
      BANK_SIGNATURE_HEADER,
      "/statements",
      { iban: account, cursor },
      { signedAnswer: true },
    );
    const parsed = z.object({ lines: z.array(bankLine), nextCursor }).safeParse(answer);
    if (!parsed.success)
      throw new Error(
        `the bank's statement is malformed: ${parsed.error.issues.map((i) => i.path.join(".")).join(", ")}`,
      );
    return {
      lines: parsed.data.lines.map(({ iban: named, ...line }) => (named ? { ...line, accountIban: named } : line)),
      nextCursor: parsed.data.nextCursor,
    };
  },

  async verifyNotification(config, message) {
    const signed = verifyPartnerMessage(config.secret, message, BANK_SIGNATURE_HEADER);
    if (!signed.ok) return { ok: false, reason: signed.reason, ack: BAD };
    const lines = linesOf(message.rawBody);
    if (!lines) return { ok: false, reason: "malformed notification", ack: { ...BAD, status: 422 } };
    return { ok: true, lines, ack: OK, nonce: signed.nonce };
  },

  /** The answer must be signed for this request and name the transfer asked about. */
  async inquireTransfer(config, clientRef) {
    const answer = await callPartner<unknown>(
      config,
      BANK_SIGNATURE_HEADER,
      "/transfers/inquiry",
      { clientRef },
      { signedAnswer: true },
    );
    const parsed = z
      .object({
        clientRef: z.string().max(64),
        status: z.enum(["completed", "failed", "pending", "not_found"]),
        reference: z.string().nullable(),
        reason: z.string().nullish(),
      })
      .safeParse(answer);
    if (!parsed.success) return { status: "pending", reference: null };
    if (parsed.data.clientRef !== clientRef)
      throw new PartnerAnswerMismatch({ field: "clientRef", expected: clientRef, reported: parsed.data.clientRef });
    return { status: parsed.data.status, reference: parsed.data.reference, reason: parsed.data.reason };
  },
};
