import { notFound } from "next/navigation";
import { connection } from "next/server";
import { settings } from "@/lib/base/config/settings";
import { prisma } from "@/lib/base/db/prisma";
import { expireSandboxSessionIfDue } from "./sandbox-checkout";

/** The checkout a sandbox acquirer page shows; 404 when the sandbox is off or the session is unknown. */
export async function loadSandboxSession(params: Promise<{ session: string }>) {
  await connection();
  if (!settings.sandboxEnabled) notFound();
  const id = (await params).session;
  await expireSandboxSessionIfDue(id);
  const session = await prisma.sandboxAcquirerSession.findUnique({ where: { id } });
  if (!session) notFound();
  return session;
}
