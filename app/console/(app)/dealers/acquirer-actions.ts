"use server";

import type { ActionState } from "@/lib/edge/auth/action-user";
import { accountAction } from "@/lib/edge/console/account-actions";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { setDealerAcquirer, testDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { configFromForm } from "@/lib/integrations/connectors/config-fields";
import { cardConnector } from "@/lib/integrations/connectors/registry";

// Admins only (accountAction): a dealer's merchant account at its acquirer is configured by the service's admins.

/** The connector and its configuration from the panel; empty secret fields keep the stored secret. */
export async function setAcquirerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountAction("dealer", form, async (id, actor, t) => {
    const name = String(form.get("connector") ?? "");
    const connector = cardConnector(name);
    const values: Record<string, string> = {};
    for (const [field, value] of form.entries()) if (field.startsWith("config.")) values[field.slice(7)] = String(value);
    try {
      await setDealerAcquirer(id, name, connector ? configFromForm(connector, values) : values, actor);
    } catch (error) {
      const text = describeRefusal(error, t);
      if (text === null) throw error;
      return { error: text };
    }
    return { ok: t.acquirers.saved };
  });
}

/** The connector's own test call with the stored configuration, its answer in words. */
export async function testAcquirerAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  return accountAction("dealer", form, async (id, _actor, t) => {
    const check = await testDealerAcquirer(id);
    return check.ok ? { ok: t.acquirers.testOk(check.message) } : { error: t.acquirers.testFailed(check.message) };
  });
}
