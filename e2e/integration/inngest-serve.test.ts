import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectPrisma, prisma } from "@/lib/base/db/prisma";
import { sendTestCallback } from "@/lib/domain/callbacks/send-test-callback";
import { startCallbackReceiver } from "../support/callback-receiver";
import { createTenant } from "../support/fixtures";
import { startTestDatabase, type TestDatabase } from "../support/test-database";
import { insertTransaction } from "../support/transactions";

/**
 * The real serve() handler of app/api/inngest, driven as Inngest drives it: each call signed with the
 * signing key (X-Inngest-Signature: t=<unix seconds>&s=HMAC-SHA256(key without its signkey-*- prefix, canonical JSON body + t)), the memoised step results
 * sent back until the function completes. The domain logic runs against its own PostgreSQL database (no app
 * server with an in-process runner shares it), and events the functions send reach a stand-in for Inngest's
 * event API on 127.0.0.1.
 */
const SIGNING_KEY = `signkey-test-${randomBytes(32).toString("hex")}`;
const APP = "payment-integration-service";
const sent: { name: string; data: Record<string, unknown> }[] = [];
const eventApi = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    if (req.method === "POST" && req.url?.startsWith("/e/")) sent.push(...([] as typeof sent).concat(JSON.parse(body)));
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ ids: ["evt"], status: 200 }));
  });
});
let database: TestDatabase;
let route: typeof import("@/app/api/inngest/route");

beforeAll(async () => {
  await new Promise<void>((resolve) => eventApi.listen(0, "127.0.0.1", resolve));
  Object.assign(process.env, {
    INNGEST_BASE_URL: `http://127.0.0.1:${(eventApi.address() as { port: number }).port}`,
    INNGEST_EVENT_KEY: "test-event-key",
    INNGEST_SIGNING_KEY: SIGNING_KEY,
  });
  delete process.env.INNGEST_DEV;
  database = await startTestDatabase();
  await disconnectPrisma();
  process.env.DATABASE_URL = database.url;
  route = await import("@/app/api/inngest/route");
}, 120_000);

afterAll(async () => {
  eventApi.close();
  await disconnectPrisma();
  await database?.stop();
});

/** JSON with every object's keys sorted (RFC 8785 for this data): what the SDK signs and checks, the parsed body canonicalised. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(",")}]`
    : value !== null && typeof value === "object"
      ? `{${Object.keys(value)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(value);

const sign = (body: string, key = SIGNING_KEY) => {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t}&s=${createHmac("sha256", key.replace(/^signkey-\w+-/, ""))
    .update(body + t)
    .digest("hex")}`;
};

async function call(fn: string, payload: unknown, signature?: string) {
  const body = canonical(payload);
  const req = new Request(`http://127.0.0.1/api/inngest?fnId=${APP}-${fn}&stepId=step`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-inngest-signature": signature ?? sign(body) },
    body,
  });
  const res = await route.POST(req as never, { params: Promise.resolve({}) } as never);
  return { status: res.status, json: JSON.parse((await res.text()) || "null") as unknown };
}

type Op = { id: string; op: string; name?: string; data?: unknown };

/** Runs a function to its end as Inngest's executor would: each step's result is sent back with the next call. */
async function runFunction(fn: string, event: { name: string; data: Record<string, unknown> }) {
  const steps: Record<string, { type: "data"; data: unknown }> = {};
  const ops: Op[] = [];
  const runId = randomUUID();
  for (let round = 0; round < 40; round++) {
    const ids = Object.keys(steps);
    const res = await call(fn, {
      event,
      events: [event],
      steps,
      ctx: { run_id: runId, attempt: 0, stack: { stack: ids, current: ids.length - 1 } },
      version: 2,
    });
    if (res.status === 200) return { result: res.json, ops };
    expect(res.status, JSON.stringify(res.json)).toBe(206);
    for (const op of res.json as Op[]) {
      ops.push(op);
      // A sleep is over when the executor answers it; a step that ran is remembered with its result.
      steps[op.id] = { type: "data", data: op.data ?? null };
    }
  }
  throw new Error(`${fn} did not finish`);
}

describe("the Inngest serve() handler, driven with signed requests", { timeout: 120_000 }, () => {
  it("refuses a request that is unsigned or signed with another key, running nothing", async () => {
    const event = { name: "callbacks/delivery.due", data: { deliveryId: 1 } };
    const payload = { event, events: [event], steps: {}, ctx: { run_id: randomUUID(), attempt: 0 }, version: 2 };
    expect((await call("deliver-callback", payload, "t=1&s=00")).status).toBe(401);
    expect(
      (
        await call(
          "deliver-callback",
          payload,
          sign(canonical(payload), `signkey-test-${randomBytes(32).toString("hex")}`),
        )
      ).status,
    ).toBe(401);
  });

  it("deliver-callback posts a due callback to its receiver and records it delivered", async () => {
    const receiver = await startCallbackReceiver();
    try {
      const t = await createTenant({ callbackUrl: receiver.url });
      const delivery = await sendTestCallback({ target: "deposit", providerId: t.provider.id }, { label: "test" });
      const { result } = await runFunction("deliver-callback", {
        name: "callbacks/delivery.due",
        data: { deliveryId: delivery.id, receiver: "127.0.0.1" },
      });
      expect(result).toMatchObject({ state: "DELIVERED" });
      expect(receiver.received).toHaveLength(1);
      expect((await prisma.callbackDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).state).toBe("DELIVERED");
    } finally {
      await receiver.close();
    }
  });

  it("expire-deposit expires a deposit still showing after its time and announces its callback", async () => {
    const t = await createTenant({ callbackUrl: "http://127.0.0.1:9/cb" });
    const expiresAt = new Date(Date.now() - 1000);
    const tx = await insertTransaction(t, { status: "showing", expiresAt });
    const { result } = await runFunction("expire-deposit", {
      name: "deposits/created",
      data: { transactionId: tx.id, expiresAt: expiresAt.toISOString() },
    });
    expect(result).toEqual({ expired: true });
    expect((await prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).status).toBe("expired");
    const delivery = await prisma.callbackDelivery.findFirstOrThrow({ where: { transactionId: tx.id } });
    // step.sendEvent reached the event API: the expiry's callback is announced with its receiver.
    expect(sent.filter((e) => e.name === "callbacks/delivery.due").map((e) => e.data)).toContainEqual({
      deliveryId: delivery.id,
      receiver: "127.0.0.1:9",
    });
  });

  it("sweep-due-work runs the housekeeping tasks: an old rate-limit window is pruned", async () => {
    await prisma.rateLimitEntry.create({
      data: { key: "test:old-window", points: 3, expire: BigInt(Date.now() - 2 * 3600_000) },
    });
    await prisma.rateLimitEntry.create({
      data: { key: "test:open-window", points: 3, expire: BigInt(Date.now() + 60_000) },
    });
    const { result } = await runFunction("sweep-due-work", {
      name: "inngest/scheduled.timer",
      data: { cron: "* * * * *" },
    });
    expect(result).toMatchObject({ expired: expect.any(Number), reannounced: expect.any(Number) });
    expect(await prisma.rateLimitEntry.findUnique({ where: { key: "test:old-window" } })).toBeNull();
    expect(await prisma.rateLimitEntry.findUnique({ where: { key: "test:open-window" } })).not.toBeNull();
  });
});
