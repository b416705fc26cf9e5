import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { providerScope } from "@/lib/domain/access/management-scope";

/** Every provider (or one) with its settings, for admins (the CLI); secrets and keys never leave the database. */
export async function listProviders(filter: { id?: number } = {}) {
  const rows = await prisma.provider.findMany({
    where: { id: filter.id },
    orderBy: { id: "asc" },
    include: { _count: { select: { sites: true } } },
  });
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    api_key: p.apiKey,
    is_active: p.isActive,
    ip_whitelist: p.ipWhitelist,
    deposit_callback_url: p.depositCallbackUrl,
    withdrawal_callback_url: p.withdrawalCallbackUrl,
    credit_card_callback_url: p.creditCardCallbackUrl,
    rate_limit_per_minute: p.rateLimitPerMinute,
    embed_origins: p.embedOrigins,
    previous_secret_valid_until: p.previousSecretValidTo?.toISOString() ?? null,
    sites: p._count.sites,
  }));
}

/**
 * The providers a console user may see (all for admins, their own for provider viewers), with their IP whitelist and
 * how many sites each has.
 */
export function listProvidersForConsole(user: ConsoleUser) {
  return prisma.provider.findMany({
    where: providerScope(user),
    orderBy: { id: "asc" },
    select: {
      id: true,
      name: true,
      apiKey: true,
      isActive: true,
      ipWhitelist: true,
      _count: { select: { sites: true } },
    },
  });
}
