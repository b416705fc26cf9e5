import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { EVENTS } from "@/lib/domain/outbox/inngest-client";
import { deliverCallback } from "./deliver-callback";
import { expireCard } from "./expire-card";
import { expireDeposit } from "./expire-deposit";
import { HOUSEKEEPING_TASKS } from "@/lib/domain/jobs/housekeeping";
import { sweep } from "./sweep";

describe("deliver-callback", () => {
  it("attempts, sleeps until the schedule's next time, and stops once delivered", async () => {
    const next = "2026-11-22T10:01:00.000Z";
    const t = new InngestTestEngine({
      function: deliverCallback,
      events: [{ name: EVENTS.deliveryDue, data: { deliveryId: 7 } }],
      steps: [
        { id: "attempt-1", handler: () => ({ state: "PENDING", nextAttemptAt: next }) },
        { id: "wait-1", handler: () => undefined },
        { id: "attempt-2", handler: () => ({ state: "DELIVERED", nextAttemptAt: null }) },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ state: "DELIVERED", nextAttemptAt: null });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-1", next);
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
  });

  it("stops at once when the delivery is exhausted", async () => {
    const t = new InngestTestEngine({
      function: deliverCallback,
      events: [{ name: EVENTS.deliveryDue, data: { deliveryId: 7 } }],
      steps: [{ id: "attempt-1", handler: () => ({ state: "EXHAUSTED", nextAttemptAt: null }) }],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ state: "EXHAUSTED", nextAttemptAt: null });
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();
  });

  it("rejects an event without a delivery id", async () => {
    const t = new InngestTestEngine({ function: deliverCallback, events: [{ name: EVENTS.deliveryDue, data: {} }] });
    const { error } = await t.execute();
    expect(error).toBeTruthy();
  });
});

describe("expire-deposit and expire-card", () => {
  it("sleep until expires_at, expire, and announce the callbacks the expiry wrote", async () => {
    const expiresAt = "2026-11-22T10:30:00.000Z";
    for (const [fn, event, sleepId] of [
      [expireDeposit, EVENTS.depositCreated, "wait-for-expiry"],
      [expireCard, EVENTS.cardPaymentCreated, "wait-15-minutes"],
    ] as const) {
      const t = new InngestTestEngine({
        function: fn,
        events: [{ name: event, data: { transactionId: 3, expiresAt } }],
        steps: [
          { id: sleepId, handler: () => undefined },
          { id: "expire", handler: () => [41] },
          {
            id: "delivery-events",
            handler: () => [{ name: EVENTS.deliveryDue, data: { deliveryId: 41, receiver: "receiver.example" } }],
          },
          { id: "announce-callbacks", handler: () => ({ ids: ["evt"] }) },
        ],
      });
      const { result, ctx } = await t.execute();
      expect(result).toEqual({ expired: true });
      expect(ctx.step.sleepUntil).toHaveBeenCalledWith(sleepId, expiresAt);
      expect(ctx.step.sendEvent).toHaveBeenCalledWith("announce-callbacks", [
        { name: EVENTS.deliveryDue, data: { deliveryId: 41, receiver: "receiver.example" } },
      ]);
    }
  });

  it("do nothing more when the transaction had already moved on", async () => {
    const t = new InngestTestEngine({
      function: expireDeposit,
      events: [{ name: EVENTS.depositCreated, data: { transactionId: 3, expiresAt: "2026-11-22T10:30:00.000Z" } }],
      steps: [
        { id: "wait-for-expiry", handler: () => undefined },
        { id: "expire", handler: () => [] },
      ],
    });
    const { result, ctx } = await t.execute();
    expect(result).toEqual({ expired: false });
    expect(ctx.step.sendEvent).not.toHaveBeenCalled();
  });
});

describe("sweep-due-work", () => {
  it(
    "re-announces missed deliveries and those written by overdue expiries, once each, and runs every " +
      "housekeeping task",
    async () => {
      const events = [5, 6, 9].map((deliveryId) => ({
        name: EVENTS.deliveryDue,
        data: { deliveryId, receiver: "receiver.example" },
      }));
      const t = new InngestTestEngine({
        function: sweep,
        events: [{ name: "inngest/scheduled.timer", data: {} }],
        steps: [
          { id: "expire-overdue", handler: () => [5, 6] },
          { id: "find-missed-deliveries", handler: () => [6, 9] },
          ...HOUSEKEEPING_TASKS.map((task) => ({ id: task.id, handler: () => undefined })),
          { id: "delivery-events", handler: () => events },
          { id: "announce", handler: () => ({ ids: ["evt"] }) },
        ],
      });
      const { result, ctx } = await t.execute();
      expect(result).toEqual({ expired: 2, reannounced: 2 });
      const ran = ctx.step.run.mock.calls.map((call) => call[0]);
      expect(ran).toEqual(expect.arrayContaining([...HOUSEKEEPING_TASKS.map((task) => task.id)]));
      expect(ctx.step.sendEvent).toHaveBeenCalledWith("announce", events);
    },
  );
});
