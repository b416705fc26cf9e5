"use server";

import { z } from "zod";
import { setDealerAcquirer, testDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { ACCOUNT_ROLES, changeAccount } from "@/lib/edge/console/account-actions";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { consoleAction } from "@/lib/edge/console/console-action";
import { formField } from "@/lib/edge/console/form-fields";
import { configFromForm } from "@/lib/integrations/connectors/config-fields";
import { cardConnector } from "@/lib/integrations/connectors/registry";

// Admins only (ACCOUNT_ROLES): a dealer's merchant account at its acquirer is configured by the service's admins.

/** The panel posts `connector` and one `config.<key>` field per configuration key. */
const acquirerForm = z.looseObject({ id: formField.id, connector: formField.text });

/**
 * The connector and its configuration from the panel; empty secret fields keep the stored secret unless an
 * address changed. A money move: whoever sets the store key can sign the acquirer's returns.
 */
export const setAcquirerAction = consoleAction({
  roles: ACCOUNT_ROLES,
  moneyMove: true,
  schema: acquirerForm,
  run: (act) =>
    changeAccount("dealer", act, async (id, { input, actor, t }) => {
      const connector = cardConnector(input.connector);
      const values: Record<string, string> = {};
      for (const [field, value] of Object.entries(input)) if (field.startsWith("config.") && typeof value === "string") values[field.slice(7)] = value;
      try {
        await setDealerAcquirer(id, input.connector, connector ? configFromForm(connector, values) : values, actor);
      } catch (error) {
        const text = describeRefusal(error, t);
        if (text === null) throw error;
        return { error: text };
      }
      return { ok: t.acquirers.saved };
    }),
});

/** The connector's own test call with the stored configuration, its answer in words. */
export const testAcquirerAction = consoleAction({
  roles: ACCOUNT_ROLES,
  schema: acquirerForm,
  run: (act) =>
    changeAccount("dealer", act, async (id, { t }) => {
      const check = await testDealerAcquirer(id);
      return check.ok ? { ok: t.acquirers.testOk(check.message) } : { error: t.acquirers.testFailed(check.message) };
    }),
});
