"use server";

import { z } from "zod";
import { setDealerAcquirer, showDealerAcquirer, testDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import { ACCOUNT_ROLES, changeAccount } from "@/lib/edge/console/account-actions";
import { describeRefusal } from "@/lib/edge/console/action-error";
import { connectorName } from "@/lib/edge/console/connector-words";
import { configRefusalState } from "@/lib/edge/console/config-refusal-state";
import { consoleAction } from "@/lib/edge/console/console-action";
import { unreachableWords } from "@/lib/edge/console/unreachable-words";
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
  moneySetting: true,
  schema: acquirerForm,
  run: (act) =>
    changeAccount("dealer", act, async (id, { input, actor, t }) => {
      const connector = cardConnector(input.connector);
      const values: Record<string, string> = {};
      for (const [field, value] of Object.entries(input))
        if (field.startsWith("config.") && typeof value === "string") values[field.slice(7)] = value;
      try {
        await setDealerAcquirer(id, input.connector, connector ? configFromForm(connector, values) : values, actor);
      } catch (error) {
        const refused = configRefusalState(error, t);
        if (refused) return refused;
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
      // In the operator's words, naming the connector; the acquirer's own answer only beside a failure, as given.
      const { connector, configured } = await showDealerAcquirer(id);
      if (!connector) return { error: t.acquirers.noneToTest };
      const name = connectorName(connector, t);
      if (!configured) return { error: `${t.acquirers.testFailed(name)} ${t.acquirers.unusable}` };
      const check = await testDealerAcquirer(id);
      if (check.ok) return { ok: t.acquirers.testOk(name) };
      return {
        error:
          unreachableWords(name, check.message, t) ??
          `${t.acquirers.testFailed(name)}\n${t.acquirers.testAnswer(check.message)}`,
      };
    }),
});
