import { prisma } from "@/lib/base/db/prisma";

/**
 * The sandbox gateways' latest 100 orders, newest first, for their page (app/sandbox/gateways), where each pending one
 * is decided.
 */
export function listSandboxGatewayOrders() {
  return prisma.sandboxGatewayOrder.findMany({ orderBy: { createdAt: "desc" }, take: 100 });
}
