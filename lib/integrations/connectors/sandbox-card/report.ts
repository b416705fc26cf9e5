import { z } from "zod";
import { formatIsoWithOffset } from "@/lib/base/time/format";
import { PartnerCallError } from "../ports";
import type { PartnerRecord, PartnerReport, ReportPage } from "../report-port";
import { base, type SandboxCardConfig } from "./config";
import { bodySignedWith, LIST_PAGE_MAX, SANDBOX_SIGNATURE_HEADER, signBody } from "./wire";

/**
 * The sandbox acquirer's sales and refunds of a period (wire.ts, `/api/transactions`), page by page. An
 * answer not signed with the store key for this very request, or one that breaks the format, throws: nothing
 * of the day is matched and the day is asked again later.
 */

const SALE_STATUS: Record<string, PartnerRecord["status"]> = {
  approved: "succeeded",
  declined: "failed",
  cancelled: "failed",
  expired: "failed",
  open: "pending",
  challenge: "pending",
  silent: "pending",
};

export const listedTransaction = z
  .object({
    type: z.enum(["sale", "refund"]),
    orderId: z.string().min(1).max(128),
    sessionId: z.string().min(1).max(128),
    reference: z.string().min(1).max(128),
    amount: z.string().regex(/^\d{1,16}\.\d{2}$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    status: z.enum(["open", "challenge", "silent", "approved", "declined", "cancelled", "expired"]),
    occurredAt: z.iso.datetime({ offset: true }),
  })
  .refine((t) => t.type === "sale" || t.status === "approved", {
    path: ["status"],
    message: "a refund is listed approved",
  });

const listPage = z.object({
  transactions: z.array(z.unknown()).max(LIST_PAGE_MAX),
  nextCursor: z.string().max(256).nullable(),
});

export function sandboxCardRecord(t: z.infer<typeof listedTransaction>, raw: Record<string, unknown>): PartnerRecord {
  return {
    kind: t.type,
    orderId: t.orderId,
    partnerReference: t.reference,
    amount: t.amount,
    currency: t.currency,
    status: t.type === "refund" ? "succeeded" : SALE_STATUS[t.status]!,
    occurredAt: t.occurredAt,
    raw,
  };
}

/** One page of the list: the answer's exact text and its records, or a throw. */
async function listOnce(config: SandboxCardConfig, payload: object) {
  const body = JSON.stringify(payload);
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${base(config)}/api/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signBody(config.storeKey, body) },
      body,
      signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
    });
    text = await res.text();
  } catch (error) {
    throw new PartnerCallError({
      kind: "retry",
      reason: `the sandbox acquirer could not be reached: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (res.status >= 500 || res.status === 408 || res.status === 429)
    throw new PartnerCallError({ kind: "retry", reason: `the sandbox acquirer answered ${res.status} to the list` });
  if (res.status !== 200)
    throw new PartnerCallError({
      kind: "refused",
      error: {
        code: `HTTP_${res.status}`,
        message: res.status === 401 ? "the sandbox acquirer refused the store key" : text.slice(0, 200),
      },
    });
  if (!bodySignedWith(config.storeKey, `${body}\n${text}`, res.headers.get(SANDBOX_SIGNATURE_HEADER)))
    throw new Error("the sandbox acquirer's list is not signed with the store key for this request");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error("the sandbox acquirer's list is not JSON");
  }
  const page = listPage.safeParse(json);
  if (!page.success) throw new Error("the sandbox acquirer's list is malformed");
  const records = page.data.transactions.map((raw, i) => {
    const t = listedTransaction.safeParse(raw);
    if (!t.success)
      throw new Error(`the sandbox acquirer's list, record ${i}, is malformed: ${t.error.issues[0]?.message ?? ""}`);
    return sandboxCardRecord(t.data, raw as Record<string, unknown>);
  });
  return { text, records, next: page.data.nextCursor };
}

export const sandboxCardReport: PartnerReport<SandboxCardConfig> = {
  mode: "list",
  async *pages(config, query): AsyncGenerator<ReportPage> {
    const period = {
      from: formatIsoWithOffset(query.from, "Europe/Istanbul"),
      to: formatIsoWithOffset(query.to, "Europe/Istanbul"),
    };
    const sent = new Set<string>();
    let cursor: string | null = null;
    for (;;) {
      const page = await listOnce(config, { merchant: config.merchantId, ...period, cursor });
      yield { body: page.text, records: page.records };
      if (page.next === null) return;
      if (page.next === cursor || sent.has(page.next))
        throw new Error(`the sandbox acquirer hands back cursor ${page.next} again: its list would never end`);
      if (cursor !== null) sent.add(cursor);
      cursor = page.next;
    }
  },
};
