"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { DomainError } from "@/lib/base/errors/domain-error";
import { amountSchema, ibanSchema, requiredString } from "@/lib/domain/schemas/common";
import { openNewSandboxAccount } from "@/lib/integrations/sandbox/bank/sandbox-bank-page";
import { settleSandboxTransfer } from "@/lib/integrations/sandbox/bank/sandbox-transfers";
import { simulateIncomingPayment } from "@/lib/integrations/sandbox/bank/simulate-incoming";
import { sandboxAction } from "@/lib/edge/sandbox/sandbox-action";

const disabled = () => "The sandbox is disabled.";

const incoming = z.object({
  iban: requiredString("account", 64),
  senderName: requiredString("sender name"),
  senderIban: ibanSchema("sender IBAN"),
  amount: amountSchema({ min: "0.01", allowString: true }),
  description: z.string().trim().max(255).default(""),
});

export const simulateIncomingAction = sandboxAction<ActionState>({
  disabled,
  run: async (form) => {
    const parsed = incoming.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
    try {
      const result = await simulateIncomingPayment(parsed.data);
      revalidatePath("/sandbox/bank");
      return result.delivered
        ? { ok: `Payment ${result.reference} received and reported to the service.` }
        : { error: `Payment ${result.reference} booked, but the service did not acknowledge the notification.` };
    } catch (error) {
      if (error instanceof DomainError) return { error: error.details.messages?.join(" ") ?? error.message };
      throw error;
    }
  },
});

export const settleTransferAction = sandboxAction<ActionState>({
  disabled,
  run: async (form) => {
    const decision = form.get("decision") === "fail" ? "fail" : "complete";
    const outcome = await settleSandboxTransfer(String(form.get("reference")), decision);
    return outcome ? { ok: `Transfer ${outcome}.` } : { error: "That transfer is no longer pending." };
  },
});

const account = z.object({
  iban: ibanSchema("IBAN"),
  holder: requiredString("holder"),
  balance: amountSchema({ min: "0.00", allowString: true, field: "balance" }),
});

export const openAccountAction = sandboxAction<ActionState>({
  disabled,
  run: async (form) => {
    const parsed = account.safeParse(Object.fromEntries(form));
    if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
    if (!(await openNewSandboxAccount(parsed.data))) return { error: "That account is already open." };
    revalidatePath("/sandbox/bank");
    return { ok: `Account ${parsed.data.iban} opened with ${parsed.data.balance} TRY.` };
  },
});
