import { headers } from "next/headers";
import type { Staff } from "@/lib/domain/audit/record-audit";
import type { ConsoleUser } from "@/lib/edge/auth/console-user";
import { clientIp } from "@/lib/base/net/client-ip";

/**
 * Who an audit entry names for a console action, with the client IP. Dealer staff carry their dealer so
 * domain functions that accept it refuse another dealer's rows inside their transaction.
 */
export async function consoleActor(user: ConsoleUser): Promise<Staff> {
  const ip = clientIp(await headers()) ?? undefined;
  return { userId: user.id, label: user.email, ip, dealerId: user.role === "DEALER" ? (user.dealerId ?? -1) : null };
}
