import type { Staff } from "@/lib/domain/audit/record-audit";
import type { ActorType } from "@/lib/generated/prisma/enums";

export type { Staff } from "@/lib/domain/audit/record-audit";

/**
 * Who causes a transition, as the lifecycle table names them, with what the core needs to check them:
 * staff their dealer (tenancy) and audit identity, a gateway its id (a gateway only speaks for the
 * transactions bound to it).
 */
export type TransitionActor =
  | { role: "customer" }
  | { role: "admin" | "dealer_staff"; staff: Staff }
  | { role: "bank" }
  | { role: "acquirer" }
  | { role: "gateway"; gatewayId: number; code: string }
  | { role: "expiry" }
  | { role: "system" };

/** Staff decisions: dealer staff when the person belongs to a dealer, else admin (the CLI acts as admin). */
export function staffActor(staff: Staff): TransitionActor {
  return { role: staff.dealerId != null ? "dealer_staff" : "admin", staff };
}

export const CUSTOMER: TransitionActor = { role: "customer" };
export const BANK: TransitionActor = { role: "bank" };
export const ACQUIRER: TransitionActor = { role: "acquirer" };
export const EXPIRY: TransitionActor = { role: "expiry" };
export const SYSTEM: TransitionActor = { role: "system" };

export function gatewayActor(gateway: { id: number; code: string }): TransitionActor {
  return { role: "gateway", gatewayId: gateway.id, code: gateway.code };
}

/** How the actor is written into the transaction's history (the stored enum predates the table's roles). */
export function historyActor(actor: TransitionActor): { actorType: ActorType; actorId: string | null } {
  switch (actor.role) {
    case "customer":
      return { actorType: "CUSTOMER", actorId: null };
    case "admin":
    case "dealer_staff":
      return actor.staff.viaCli
        ? { actorType: "CLI", actorId: actor.staff.label }
        : { actorType: "CONSOLE_USER", actorId: actor.staff.userId === undefined ? null : String(actor.staff.userId) };
    case "bank":
      return { actorType: "GATEWAY", actorId: "eiban-bank" };
    case "acquirer":
      return { actorType: "GATEWAY", actorId: "card-acquirer" };
    case "gateway":
      return { actorType: "GATEWAY", actorId: actor.code };
    case "expiry":
      return { actorType: "SYSTEM", actorId: "expiry" };
    case "system":
      return { actorType: "SYSTEM", actorId: "system" };
  }
}
