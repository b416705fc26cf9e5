import { randomUUID } from "node:crypto";
import { addBankAccount } from "@/lib/domain/bank-accounts/add-bank-account";
import { prisma } from "@/lib/base/db/prisma";
import { ibanFromBban } from "@/lib/base/iban/iban";
import { createTenant } from "./fixtures";
import type { HttpResult } from "./http";
import { assertDocumentedResponse } from "./openapi-conformance";
import { signedRequest } from "./signed-request";

/** Servers under a fault test's load: the API key's rate limit is not what is being tested. */
export function loadServerEnv(env: Record<string, string>): Record<string, string> {
  return { ...env, RATE_LIMIT_PER_MINUTE: "100000" };
}

/**
 * A provider whose dealer has a bank account for every amount the load sends, with callbacks to `callbackUrl`;
 * `ips` is the provider's whitelist (127.0.0.1 unless given).
 */
export async function depositTenant(callbackUrl?: string, options: { ips?: string[] } = {}) {
  const tenant = await createTenant({ callbackUrl, ips: options.ips });
  const iban = ibanFromBban(
    "TR",
    `00010${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}0`,
  );
  await addBankAccount(
    {
      dealerId: tenant.dealer.id,
      bankName: "Ziraat",
      accountName: "Demo A.Ş.",
      iban,
      minAmount: "1",
      maxAmount: "100000",
    },
    { label: "fault test" },
  );
  return tenant;
}

type Tenant = Awaited<ReturnType<typeof depositTenant>>;

/** One answer (or the failure to get one) as a client saw it. */
export type Seen = {
  status: number | null;
  error?: string;
  body?: Record<string, unknown>;
  retryAfter?: string;
  replayed?: boolean;
  gateway?: boolean;
};

/**
 * A proxy's own 502 or 504 (its error page, not the service's JSON): the request may or may not have reached a
 * server, like no answer at all (docs/integration.md, "Retries and idempotency").
 */
export const isGatewayAnswer = (res: HttpResult) =>
  (res.status === 502 || res.status === 504) && res.json.success === undefined;

export type KeyResult = { key: string; trackingCode: string | null; seen: Seen[] };

const RETRYABLE = (s: Seen) =>
  s.status === null ||
  s.status === 503 ||
  s.status === 429 ||
  (s.status === 409 && s.body?.error === "Request in progress") ||
  s.gateway === true;
// A broken contract (an undocumented status or body) is not a network error: it is reported, not retried.
const CONTRACT = /^(Undocumented response|Response does not match|Response is not JSON)/;

/**
 * A provider's client creating deposits with an Idempotency-Key and retrying each with the same key, as
 * the integration guide says, on a dropped connection, 503, 429, 409 "Request in progress" and a proxy's
 * 502/504, until it gets
 * its answer or `giveUpAt`. `baseUrl()` is read on every request (a restarted server may move).
 */
export async function createDepositWithRetries(
  tenant: Tenant,
  baseUrl: () => string,
  giveUpAt: number,
  onAnswer?: (seen: Seen) => void,
  localAddress?: string,
): Promise<KeyResult> {
  const key = `fault-${randomUUID()}`;
  const body = {
    fullname: "Ayşe Kaya",
    username: "ayse.k",
    user_id: `u-${key.slice(-6)}`,
    amount: 100 + Math.floor(Math.random() * 900),
  };
  const seen: Seen[] = [];
  for (;;) {
    let answer: Seen;
    try {
      const res: HttpResult = await signedRequest(baseUrl(), "/api/provider/start-manual-deposit", tenant.creds, {
        middle: [tenant.site.credential_key],
        headers: { "x-credential-key": tenant.site.credential_key, "idempotency-key": key },
        body,
        localAddress,
        checkResponse: false,
      });
      // Every answer of the service is the one its OpenAPI document gives; a proxy's 502/504 is no answer of it.
      const gateway = isGatewayAnswer(res);
      if (!gateway)
        assertDocumentedResponse("POST", `${baseUrl()}/api/provider/start-manual-deposit`, res.status, res.text);
      const retryAfter = typeof res.headers["retry-after"] === "string" ? res.headers["retry-after"] : undefined;
      answer = {
        status: res.status,
        body: res.json,
        retryAfter,
        replayed: res.headers["idempotent-replayed"] === "true",
        ...(gateway ? { gateway } : {}),
      };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      answer = { status: CONTRACT.test(message) ? -1 : null, error: message.slice(0, 300) };
    }
    seen.push(answer);
    onAnswer?.(answer);
    if (answer.status === 200)
      return { key, trackingCode: String((answer.body?.data as { tracking_code: string }).tracking_code), seen };
    if (!RETRYABLE(answer) || Date.now() > giveUpAt) return { key, trackingCode: null, seen };
    const wait = answer.retryAfter ? Math.min(Number(answer.retryAfter) * 1000, 2000) : 250;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/**
 * `clients` loops creating deposits while `loading()`; each key is retried until answered or `graceMs` after
 * its first try (a function: a fault test gives a key as long as the next server start may take). Requests
 * leave from `localAddress` when given (the client address a proxy passes on).
 */
export async function depositLoad(
  tenant: Tenant,
  baseUrl: () => string,
  options: {
    clients: number;
    loading: () => boolean;
    graceMs: number | (() => number);
    onCreated?: (trackingCode: string) => void;
    onAnswer?: (seen: Seen) => void;
    localAddress?: string;
  },
) {
  const results: KeyResult[] = [];
  const grace = typeof options.graceMs === "function" ? options.graceMs : () => options.graceMs as number;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (options.loading()) {
        const result = await createDepositWithRetries(
          tenant,
          baseUrl,
          Date.now() + grace(),
          options.onAnswer,
          options.localAddress,
        );
        results.push(result);
        if (result.trackingCode) options.onCreated?.(result.trackingCode);
      }
    }),
  );
  return results;
}

/**
 * What the database says after a load, against what the clients learnt: keys still claimed (every client
 * has its answer by then), created deposits no client was told about, keys with more than one deposit.
 */
export async function auditCreates(siteId: number, results: KeyResult[]) {
  // An answer given while the database was away is stored once it is back: give that half a minute.
  const claimed = () => prisma.idempotencyRecord.count({ where: { statusCode: 0 } });
  for (const deadline = Date.now() + 30_000; (await claimed()) > 0 && Date.now() < deadline;)
    await new Promise((r) => setTimeout(r, 500));
  const stuckKeys = await claimed();
  const created = await prisma.transaction.findMany({ where: { siteId }, select: { trackingCode: true } });
  const told = new Set(results.map((r) => r.trackingCode).filter((c): c is string => c !== null));
  return {
    keys: results.length,
    answered: results.filter((r) => r.trackingCode).length,
    retried: results.filter((r) => r.seen.length > 1).length,
    // Keys answered, after a dropped or refused first try, with a replay (of a stored answer or a committed create).
    replayedAfterRetry: results.filter((r) => r.seen.length > 1 && r.seen.at(-1)?.replayed).length,
    unanswered: results.filter((r) => !r.trackingCode).map((r) => ({ key: r.key, last: r.seen.at(-1) })),
    stuckKeys,
    created: created.length,
    unseenCreates: created.filter((t) => !told.has(t.trackingCode)).map((t) => t.trackingCode),
    contractBreaks: results.flatMap((r) => r.seen.filter((s) => s.status === -1 || s.status === 500)),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
