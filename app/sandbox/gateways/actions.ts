"use server";

import type { ActionState } from "@/lib/edge/auth/action-user";
import { sandboxAction } from "@/lib/edge/sandbox/sandbox-action";
import { decideSandboxOrder, type SandboxDecision } from "@/lib/integrations/sandbox/gateways/sandbox-gateway-orders";

const DECISIONS: SandboxDecision[] = ["confirmed", "declined", "completed", "failed", "rejected"];

export const decideOrderAction = sandboxAction<ActionState>({
  disabled: () => "The sandbox is disabled.",
  run: async (form) => {
    const decision = String(form.get("decision")) as SandboxDecision;
    if (!DECISIONS.includes(decision)) return { error: "Unknown decision." };
    const result = await decideSandboxOrder(
      String(form.get("reference")),
      decision,
      String(form.get("reason") ?? "").trim() || undefined,
    );
    if (!result) return { error: "Unknown order." };
    return result.delivered
      ? { ok: `Order ${result.status}; the service was notified.` }
      : { error: `Order ${result.status}, but the service did not acknowledge the notification.` };
  },
});
