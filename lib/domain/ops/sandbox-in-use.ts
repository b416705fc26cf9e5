import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import type { Prisma } from "@/lib/generated/prisma/client";
import { SANDBOX_GATEWAY_BASE } from "@/lib/domain/third-party/gateway-config";
import { NOWPAYMENTS_SANDBOX_URL } from "@/lib/integrations/connectors/nowpayments/config";
import { CARD_CONNECTORS } from "@/lib/integrations/connectors/registry";
import type { SealedConfig } from "@/lib/integrations/connectors/sealed-config";

/** How many of the viewer's active partners are test partners: no real money moves through them. */
export type SandboxInUse = { cardDealers: number; wallets: number; gateways: number };

const SANDBOX_CARD_CONNECTORS = Object.values(CARD_CONNECTORS)
  .filter((c) => "sandboxOnly" in c && c.sandboxOnly)
  .map((c) => c.name);

/** The dealers whose partners the viewer sees: all for admins, their own for staff, their sites' for providers. */
function dealersOf(user: ConsoleUser): Prisma.DealerWhereInput {
  if (user.role === "ADMIN") return { isActive: true };
  if (user.role === "DEALER") return { isActive: true, id: user.dealerId ?? -1 };
  return { isActive: true, sites: { some: { providerId: user.providerId ?? -1 } } };
}

/** A gateway's connector pointed at a test partner: the built-in sandbox gateways, NOWPayments' sandbox host. */
function isSandboxGateway(config: unknown): boolean {
  const values = (config as SealedConfig | null)?.values ?? {};
  const baseUrl = typeof values.baseUrl === "string" ? values.baseUrl : "";
  return baseUrl.startsWith(SANDBOX_GATEWAY_BASE) || baseUrl === NOWPAYMENTS_SANDBOX_URL;
}

const kept = new Map<string, { value: SandboxInUse; until: number }>();
const KEEP_MS = 30_000;

/**
 * Which test partners are in use where the viewer works: card acquirers that are the sandbox, E-IBAN wallets
 * on the sandbox bank (where the sandbox runs), and, for admins, active gateways pointed at a sandbox. The
 * console says so on every page (the test-mode banner); read at most every 30 s per tenancy.
 */
export async function sandboxInUse(user: ConsoleUser, now = Date.now()): Promise<SandboxInUse> {
  const key = `${user.role}:${user.dealerId ?? ""}:${user.providerId ?? ""}`;
  const hit = kept.get(key);
  if (hit && hit.until > now) return hit.value;
  const dealer = dealersOf(user);
  const [cardDealers, wallets, gateways] = await Promise.all([
    prisma.dealerAcquirer.count({
      where: { connector: { in: SANDBOX_CARD_CONNECTORS }, dealer: { ...dealer, creditCardEnabled: true } },
    }),
    settings.sandboxEnabled ? prisma.eibanWallet.count({ where: { connector: null, isActive: true, dealer } }) : 0,
    user.role === "ADMIN"
      ? prisma.gateway
          .findMany({ where: { isActive: true }, select: { config: true } })
          .then((rows) => rows.filter((g) => isSandboxGateway(g.config)).length)
      : 0,
  ]);
  const value = { cardDealers, wallets, gateways };
  if (kept.size > 500) kept.clear();
  kept.set(key, { value, until: now + KEEP_MS });
  return value;
}
