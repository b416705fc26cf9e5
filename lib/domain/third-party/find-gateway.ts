import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/** A gateway by id for an admin's console action; a missing one is NOT_FOUND (the action frame's one refusal). */
export async function findGatewayForConsole(id: number) {
  const gateway = await prisma.gateway.findUnique({ where: { id } });
  if (!gateway) throw DomainError.notFound(refusal("gatewayMissing"));
  return gateway;
}
