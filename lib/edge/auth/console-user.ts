import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import type { ConsoleUser } from "@/lib/domain/access/console-user";
import { findSessionUser } from "@/lib/domain/users/authenticate-console-user";
import type { ConsoleRole } from "@/lib/generated/prisma/enums";
import { authOptions } from "./next-auth-options";

export type { ConsoleUser } from "@/lib/domain/access/console-user";

/**
 * The signed-in console user, re-read from the database on every request: a deactivated user, or a session
 * issued before the user's password, role or active flag last changed (session_version), is signed out.
 */
export const currentConsoleUser = cache(async (): Promise<ConsoleUser | null> => {
  // Console pages are per-user: never prerendered at build time.
  await connection();
  const session = await getServerSession(authOptions());
  if (!session?.user?.id) return null;
  return findSessionUser(session.user);
});

/**
 * Server-side guard for console pages: no session -> sign-in; a role the page is not for -> the console's
 * no-access page (403, app/console/(app)/forbidden.tsx). What lies outside the user's tenancy stays a 404.
 */
export async function requireConsoleUser(roles?: ConsoleRole[]): Promise<ConsoleUser> {
  const user = await currentConsoleUser();
  if (!user) redirect("/console/login");
  if (roles && !roles.includes(user.role)) forbidden();
  return user;
}
