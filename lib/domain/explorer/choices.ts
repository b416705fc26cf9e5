import { prisma } from "@/lib/base/db/prisma";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { dealerScope, providerScope } from "@/lib/domain/access/management-scope";
import { ledgerScope } from "@/lib/domain/access/ledger-scope";
import { siteScope } from "@/lib/domain/access/tenant-scope";

/** One entry of a console page's filter or form dropdown. */
export type Choice = { id: number; name: string };

/**
 * The providers, dealers and sites a viewer may pick from in a page's dropdowns: one read model for every
 * page, so each lists the same rows in the same order (by name, then id for equal names) and never more than
 * the viewer's tenant may see (their own provider, dealer or sites; everything for admins).
 */
const BY_NAME = [{ name: "asc" }, { id: "asc" }] as const;
const CHOICE = { id: true, name: true } as const;

export function providerChoices(user: ConsoleUser): Promise<Choice[]> {
  return prisma.provider.findMany({ where: providerScope(user), select: CHOICE, orderBy: [...BY_NAME] });
}

export function dealerChoices(user: ConsoleUser): Promise<Choice[]> {
  return prisma.dealer.findMany({ where: dealerScope(user), select: CHOICE, orderBy: [...BY_NAME] });
}

export function siteChoices(user: ConsoleUser): Promise<Choice[]> {
  return prisma.site.findMany({ where: siteScope(user), select: CHOICE, orderBy: [...BY_NAME] });
}

/**
 * The providers and dealers of the ledger's pairs a viewer may pick (Balances, Statements): for admins every
 * provider and dealer; for dealer staff their dealer and the providers it has had money with; for provider
 * viewers their provider and the dealers that have held its money. Same order as the other dropdowns.
 */
export async function ledgerPairChoices(user: ConsoleUser): Promise<{ providers: Choice[]; dealers: Choice[] }> {
  if (user.role === "ADMIN") {
    const [providers, dealers] = await Promise.all([providerChoices(user), dealerChoices(user)]);
    return { providers, dealers };
  }
  const scope = ledgerScope(user);
  const pairs = { ledgerAccounts: { some: { ...scope, kind: "PROVIDER_PAYABLE" as const } } };
  const [providers, dealers] = await Promise.all([
    prisma.provider.findMany({
      where: scope.providerId !== undefined ? { id: scope.providerId } : pairs,
      select: CHOICE,
      orderBy: [...BY_NAME],
    }),
    prisma.dealer.findMany({
      where: scope.dealerId !== undefined ? { id: scope.dealerId } : pairs,
      select: CHOICE,
      orderBy: [...BY_NAME],
    }),
  ]);
  return { providers, dealers };
}
