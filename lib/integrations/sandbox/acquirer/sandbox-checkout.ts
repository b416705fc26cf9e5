import { randomKey } from "@/lib/base/crypto/random";
import { prisma } from "@/lib/base/db/prisma";
import { SANDBOX_SIGNATURE_HEADER, signBody, signReturn } from "@/lib/integrations/connectors/sandbox-card/wire";
import { sharedSecret } from "@/lib/integrations/gateways/shared-secret";
import { settings } from "@/lib/base/config/settings";
import { luhnValid, SANDBOX_OTP, TEST_CARDS } from "./test-cards";

/** The store key the sandbox acquirer shares with every merchant: the deployment's ACQUIRER_WEBHOOK_SECRET. */
export function sandboxStoreKey(): string {
  return sharedSecret("card-acquirer");
}

export type CheckoutRequest = {
  orderId: string;
  amount: string;
  currency: string;
  description: string;
  merchant: string;
  returnUrl: string;
  notifyUrl: string;
  expiresAt: string;
};

export async function openSandboxCheckout(request: CheckoutRequest) {
  const existing = await prisma.sandboxAcquirerSession.findUnique({ where: { orderId: request.orderId } });
  const session =
    existing ??
    (await prisma.sandboxAcquirerSession.create({
      data: { id: randomKey("cs_", 18), ...request, expiresAt: new Date(request.expiresAt) },
    }));
  return { sessionId: session.id, redirectUrl: `${settings.publicBaseUrl}/sandbox/acquirer/pay/${session.id}` };
}

type Outcome = { status: "approved" | "declined" | "cancelled"; errorCode?: string; errorMessage?: string };

/** The return URL with the outcome's fields signed with the store key, as a bank gate posts to okUrl/failUrl. */
function signedReturnUrl(returnUrl: string, fields: Record<string, string | undefined>): string {
  const url = new URL(returnUrl);
  for (const [name, value] of Object.entries(signReturn(sandboxStoreKey(), fields))) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * The acquirer's verdict: its signed server-to-server notification, then the customer's browser back to the
 * merchant with the same verdict, signed, in the return URL.
 */
async function finish(sessionId: string, outcome: Outcome): Promise<string> {
  const authCode = outcome.status === "approved" ? randomKey("", 4).toUpperCase() : undefined;
  const session = await prisma.sandboxAcquirerSession.update({
    where: { id: sessionId },
    data: {
      status: outcome.status,
      errorCode: outcome.errorCode ?? null,
      errorMessage: outcome.errorMessage ?? null,
      authCode: authCode ?? null,
    },
  });
  const amount = session.amount.toFixed(2);
  const body = JSON.stringify({
    orderId: session.orderId,
    sessionId,
    amount,
    ...outcome,
    authCode,
    occurredAt: new Date().toISOString(),
  });
  await fetch(session.notifyUrl, {
    method: "POST",
    headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: signBody(sandboxStoreKey(), body) },
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => {});
  return signedReturnUrl(session.returnUrl, {
    orderId: session.orderId,
    status: outcome.status,
    amount,
    reference: sessionId,
    errorCode: outcome.errorCode,
    errorMessage: outcome.errorMessage,
    authCode,
    ...(outcome.status === "approved" && session.cardLast4
      ? { cardBrand: session.cardBrand ?? undefined, cardLast4: session.cardLast4 }
      : {}),
  });
}

/** A checkout past its expiry closes (status expired) instead of taking a card: no charge after the payment ended. */
export async function expireSandboxSessionIfDue(sessionId: string) {
  await prisma.sandboxAcquirerSession.updateMany({
    where: { id: sessionId, status: { in: ["open", "challenge"] }, expiresAt: { lte: new Date() } },
    data: { status: "expired" },
  });
}

async function openSession(sessionId: string, allowed: string[]) {
  await expireSandboxSessionIfDue(sessionId);
  const session = await prisma.sandboxAcquirerSession.findUnique({ where: { id: sessionId } });
  if (!session || !allowed.includes(session.status)) return null;
  return session;
}

/**
 * The card form's submission. Returns an error to show, the challenge step, or where to redirect. The full
 * number is only ever held here, in the acquirer; the sandbox keeps the last four digits.
 */
export async function submitSandboxCard(sessionId: string, card: { number: string; expiry: string; cvc: string }) {
  const session = await openSession(sessionId, ["open"]);
  if (!session) return { redirect: null, error: "This checkout is no longer open.", code: "closed" as const };
  const number = card.number.replace(/[\s-]/g, "");
  const [month, year] = card.expiry.split("/").map((p) => Number(p.trim()));
  const expiryOk = month && year && month >= 1 && month <= 12 && new Date(2000 + (year % 100), month, 1) > new Date();
  if (!luhnValid(number)) return { error: "The card number is not valid.", code: "number" as const };
  if (!expiryOk) return { error: "The expiry date is not valid (MM/YY, in the future).", code: "expiry" as const };
  if (!/^\d{3,4}$/.test(card.cvc)) return { error: "The security code is 3 or 4 digits.", code: "cvc" as const };
  const behaviour = TEST_CARDS[number] ?? {
    outcome: "declined" as const,
    errorCode: "CARD_DECLINED",
    errorMessage: "The card was declined",
    brand: "CARD",
  };
  await prisma.sandboxAcquirerSession.update({
    where: { id: sessionId },
    data: { cardLast4: number.slice(-4), cardBrand: behaviour.brand, testCard: number.slice(-4) },
  });
  if (behaviour.outcome === "declined")
    return {
      redirect: await finish(sessionId, {
        status: "declined",
        errorCode: behaviour.errorCode,
        errorMessage: behaviour.errorMessage,
      }),
    };
  if (behaviour.outcome === "silent") {
    await prisma.sandboxAcquirerSession.update({ where: { id: sessionId }, data: { status: "silent" } });
    return { redirect: session.returnUrl };
  }
  await prisma.sandboxAcquirerSession.update({ where: { id: sessionId }, data: { status: "challenge" } });
  return { challenge: `/sandbox/acquirer/pay/${sessionId}/challenge` };
}

/** The 3-D Secure challenge: the sandbox OTP passes, anything else (or the failing test card) fails. */
export async function answerSandboxChallenge(sessionId: string, otp: string) {
  const session = await openSession(sessionId, ["challenge"]);
  if (!session) return { redirect: null, error: "This checkout is no longer open.", code: "closed" as const };
  const fails = session.testCard === "3220" || otp.trim() !== SANDBOX_OTP;
  if (fails)
    return {
      redirect: await finish(sessionId, {
        status: "declined",
        errorCode: "3DS_FAILED",
        errorMessage: "3-D Secure authentication failed",
      }),
    };
  return { redirect: await finish(sessionId, { status: "approved" }) };
}

export async function cancelSandboxCheckout(sessionId: string) {
  const session = await openSession(sessionId, ["open", "challenge"]);
  if (!session) return { redirect: null, error: "This checkout is no longer open.", code: "closed" as const };
  return {
    redirect: await finish(sessionId, {
      status: "cancelled",
      errorCode: "CANCELLED",
      errorMessage: "The customer cancelled the payment",
    }),
  };
}

/** The merchant's return address origin of a checkout: where the acquirer's own forms send the browser back to. */
export async function sandboxReturnOrigin(sessionId: string): Promise<string | null> {
  const session = await prisma.sandboxAcquirerSession
    .findUnique({ where: { id: sessionId }, select: { returnUrl: true } })
    .catch(() => null);
  return session && URL.canParse(session.returnUrl) ? new URL(session.returnUrl).origin : null;
}
