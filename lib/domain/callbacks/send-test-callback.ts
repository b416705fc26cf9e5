import { recordAudit, type Actor } from "@/lib/domain/audit/record-audit";
import { randomCodeGroup } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { inTransaction } from "@/lib/base/db/transaction";
import { announceDueDeliveries } from "@/lib/domain/outbox/dispatch";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DomainError } from "@/lib/base/errors/domain-error";
import { unixSeconds } from "@/lib/base/time/format";
import { refusal } from "@/lib/base/messages/errors";

export const TEST_TARGETS = ["deposit", "withdrawal", "credit_card", "dealer_credit_card"] as const;
export type TestTarget = (typeof TEST_TARGETS)[number];

/** Sample bodies shaped like the real callback of each URL, marked test: true. */
function samplePayload(target: TestTarget, trackingCode: string): Record<string, unknown> {
  const customer = { username: "test.user", fullname: "Test Customer", user_id: "test-user-1", site_id: 0 };
  switch (target) {
    case "deposit":
      return { tracking_code: trackingCode, status: "completed", amount: 100, ...customer, test: true };
    case "withdrawal":
      return {
        tracking_code: trackingCode,
        status: "completed",
        amount: 100,
        ...customer,
        iban: "TR330006100519786457841326",
        test: true,
      };
    case "credit_card":
      return {
        tracking_code: trackingCode,
        order_id: `ORD-TEST-${trackingCode.slice(-6)}`,
        status: "success",
        amount: 100,
        currency: "TRY",
        username: "test.user",
        user_id: "test-user-1",
        site_id: 0,
        customer_name: "Test Customer",
        customer_email: "test@example.com",
        test: true,
      };
    case "dealer_credit_card":
      return {
        success: true,
        tracking_code: trackingCode,
        order_id: `ORD-TEST-${trackingCode.slice(-6)}`,
        status: "success",
        amount: 200,
        currency: "TRY",
        customer_name: "Test Customer",
        customer_email: "test@example.com",
        customer_phone: "+905550000000",
        status_message: "Test callback",
        test: true,
      };
  }
}

async function findReceiver(input: { target: TestTarget; providerId?: number; dealerId?: number }) {
  if (input.target === "dealer_credit_card") {
    const dealer = input.dealerId ? await prisma.dealer.findUnique({ where: { id: input.dealerId } }) : null;
    if (!dealer) throw DomainError.notFound(refusal("dealerMissing"));
    return { providerId: null, dealerId: dealer.id, url: dealer.creditCardCallbackUrl };
  }
  const provider = input.providerId ? await prisma.provider.findUnique({ where: { id: input.providerId } }) : null;
  if (!provider) throw DomainError.notFound(refusal("providerMissing"));
  const urls = {
    deposit: provider.depositCallbackUrl,
    withdrawal: provider.withdrawalCallbackUrl,
    credit_card: provider.creditCardCallbackUrl,
  };
  return { providerId: provider.id, dealerId: null, url: urls[input.target] };
}

/** Queues a signed sample callback to one of a provider's (or a dealer's) configured URLs. */
export async function sendTestCallback(
  input: { target: TestTarget; providerId?: number; dealerId?: number },
  actor: Actor,
) {
  const receiver = await findReceiver(input);
  if (!receiver.url) throw DomainError.validation([refusal("noCallbackUrl", { target: input.target })]);
  const trackingCode = `TEST-${randomCodeGroup()}-${unixSeconds()}`;
  const payload = samplePayload(input.target, trackingCode);
  return inTransaction(async (tx) => {
    const delivery = await tx.callbackDelivery.create({
      data: {
        kind: "TEST",
        providerId: receiver.providerId,
        dealerId: receiver.dealerId,
        url: receiver.url!,
        trackingCode,
        status: String(payload.status),
        payload: payload as Prisma.InputJsonValue,
      },
    });
    // Sent at once after the commit, whoever asks (console, CLI).
    await announceDueDeliveries(tx, [delivery.id]);
    await recordAudit(tx, actor, {
      action: "callback.test",
      entityType: "callback_delivery",
      entityId: delivery.id,
      after: { target: input.target, url: receiver.url },
    });
    return { id: delivery.id, tracking_code: trackingCode, url: receiver.url };
  });
}
