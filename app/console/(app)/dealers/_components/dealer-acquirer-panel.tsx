import { setAcquirerAction, testAcquirerAction } from "@/app/console/(app)/dealers/acquirer-actions";
import { ActionForm } from "@/components/console/action-form";
import { DetailList, Panel } from "@/components/console/panel";
import { EditDisclosure } from "@/components/console/edit-disclosure";
import { ConfigFieldInput } from "@/components/console/config-field-input";
import type { showDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { configFieldLabel, connectorName } from "@/lib/edge/console/connector-words";
import { configFields, type ConfigField } from "@/lib/integrations/connectors/config-fields";
import { CARD_CONNECTORS } from "@/lib/integrations/connectors/registry";

type Shown = Awaited<ReturnType<typeof showDealerAcquirer>>;

/**
 * The dealer's card acquirer (admins): what is in use with its configuration masked, one form per connector
 * (the one in use filled in; secrets write-only) and "test connection", whose answer is shown in words.
 * Connectors and their configuration keys are named in the operator's language (t.connectors).
 */
export function DealerAcquirerPanel({
  dealerId,
  acquirer,
  t,
}: {
  dealerId: number;
  acquirer: Shown;
  t: ConsoleMessages;
}) {
  const words = t.acquirers;
  const shown = acquirer.config ?? {};
  // A toggle is never "optional": unticked is its answer.
  const labelOf = (field: ConfigField) =>
    configFieldLabel(field.key, t) + (field.optional && field.input.kind !== "boolean" ? ` (${words.optional})` : "");
  return (
    <Panel title={words.heading} description={words.intro}>
      {acquirer.connector ? (
        <>
          <p className="text-sm">{words.current(connectorName(acquirer.connector, t))}</p>
          {!acquirer.configured && <p className="text-sm text-amber-800">{words.unusable}</p>}
          {acquirer.notification_url && (
            <p className="text-sm">
              {words.notificationUrl}{" "}
              <span className="break-all font-mono text-xs" translate="no">
                {acquirer.notification_url}
              </span>
            </p>
          )}
          {/* The keys in words; the values as stored (secrets masked): data, not words to translate. */}
          <DetailList
            items={Object.entries(shown).map(([key, value]) => [
              configFieldLabel(key, t),
              <span key={key} translate="no" className="font-mono text-xs break-all">
                {String(value)}
              </span>,
            ])}
          />
          <ActionForm action={testAcquirerAction} submitLabel={words.test} submitVariant="secondary">
            <input type="hidden" name="id" value={dealerId} />
          </ActionForm>
        </>
      ) : (
        <p className="text-sm text-amber-800">{words.none}</p>
      )}
      {Object.values(CARD_CONNECTORS).map((connector) => {
        const mine = acquirer.connector === connector.name;
        return (
          <EditDisclosure
            key={connector.name}
            label={`${words.use(connectorName(connector.name, t))}${mine ? ` (${words.inUse})` : ""}`}
            name={words.use(connectorName(connector.name, t))}
          >
            <ActionForm action={setAcquirerAction} submitLabel={words.save} keepValuesOnError>
              <input type="hidden" name="id" value={dealerId} />
              <input type="hidden" name="connector" value={connector.name} />
              {configFields(connector).map((field) => (
                <ConfigFieldInput
                  key={field.key}
                  fieldKey={field.key}
                  label={labelOf(field)}
                  input={field.input}
                  secret={field.secret}
                  value={!field.secret && mine ? shown[field.key] : undefined}
                  placeholder={field.secret && mine ? String(shown[field.key] ?? "") : undefined}
                  title={field.secret ? words.secretHint : undefined}
                  notSet={words.notSet}
                />
              ))}
              {connector.secretKeys.length > 0 && <p className="text-xs text-slate-600">{words.secretHint}</p>}
            </ActionForm>
          </EditDisclosure>
        );
      })}
    </Panel>
  );
}
