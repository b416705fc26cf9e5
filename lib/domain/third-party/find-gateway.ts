import { prisma } from "@/lib/base/db/prisma";
import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/** A gateway by id for an admin's console action; a missing one is NOT_FOUND (the action frame's one refusal). */
export async function findGatewayForConsole(id: number) {
  const gateway = await prisma.gateway.findUnique({ where: { id } });
  if (!gateway) throw DomainError.notFound(refusal("gatewayMissing"));
  return gateway;
}

/**
 * A gateway as stored, or null: the values an update keeps for the fields it is not given (the admin CLI's
 * gateway:update).
 */
export function findGateway(id: number) {
  return prisma.gateway.findUnique({ where: { id } });
}

/**
 * A gateway's id, code and sealed configuration, or null: what signing with its secret needs (signForGateway; the
 * sandbox gateways' API).
 */
export function findGatewaySigningConfig(id: number) {
  return prisma.gateway.findUnique({ where: { id }, select: { id: true, code: true, config: true } });
}
