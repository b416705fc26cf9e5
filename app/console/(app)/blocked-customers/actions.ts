"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { blockCustomer } from "@/lib/domain/customers/block-customer";
import { unblockCustomer } from "@/lib/domain/customers/unblock-customer";

// Blocks belong to a provider, not a dealer, so only admins change them; provider viewers read their own.
const ADMINS = ["ADMIN"] as const;

export const blockCustomerAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ providerId: formField.id, userId: formField.text, reason: formField.text }),
  run: async ({ input, actor, t }) => {
    if (!input.providerId) return { error: t.blockedCustomers.chooseProvider };
    const reason = input.reason.trim();
    const blocked = await blockCustomer(
      { providerId: input.providerId, userId: input.userId, reason: reason || undefined },
      actor,
    );
    revalidatePath("/console/blocked-customers");
    return { ok: t.blockedCustomers.blockedNow(blocked.user_id) };
  },
});

export const unblockCustomerAction = consoleAction({
  roles: ADMINS,
  schema: z.object({ id: formField.id }),
  run: async ({ input, actor, t }) => {
    if (!input.id) return { error: t.blockedCustomers.unknown };
    const lifted = await unblockCustomer(input.id, actor);
    revalidatePath("/console/blocked-customers");
    return { ok: t.blockedCustomers.unblocked(lifted.user_id) };
  },
});
