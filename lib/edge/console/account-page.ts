import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { AccountKind } from "@/lib/domain/accounts/account-kinds";
import { requireConsoleUser, type ConsoleUser } from "@/lib/edge/auth/console-user";
import { consoleMessages } from "@/lib/edge/i18n/console/server";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { routeId } from "./route-id";

/** A provider's or a dealer's page is titled by its kind. */
export function accountDetailMetadata(kind: AccountKind) {
  return async (): Promise<Metadata> => ({ title: (await consoleMessages()).titles[kind] });
}

/**
 * What a provider's or a dealer's page starts with: the signed-in user (one of `roles`), the words and the
 * account, found through `find`, which applies the tenancy: another tenant's account is a 404, exactly like
 * a missing one.
 */
export async function loadAccountPage<A>(
  roles: ConsoleRole[],
  params: Promise<{ id: string }>,
  find: (user: ConsoleUser, id: number) => Promise<A | null>,
) {
  const [user, t] = await Promise.all([requireConsoleUser(roles), consoleMessages()]);
  const account = await find(user, await routeId(params));
  if (!account) notFound();
  return { t, account, isAdmin: user.role === "ADMIN" };
}
