import { setAcquirerAction, testAcquirerAction } from "@/app/console/(app)/dealers/acquirer-actions";
import { ActionForm } from "@/components/console/action-form";
import { DetailList, Panel } from "@/components/console/panel";
import { EditDisclosure } from "@/components/console/edit-disclosure";
import { TextField } from "@/components/ui/text-field";
import type { showDealerAcquirer } from "@/lib/domain/cards/dealer-acquirer";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { configFields } from "@/lib/integrations/connectors/config-fields";
import { CARD_CONNECTORS } from "@/lib/integrations/connectors/registry";

type Shown = Awaited<ReturnType<typeof showDealerAcquirer>>;

/**
 * The dealer's card acquirer (admins): what is in use with its configuration masked, one form per connector
 * (the one in use filled in; secrets write-only) and "test connection", whose answer is shown in words.
 */
export function DealerAcquirerPanel({ dealerId, acquirer, t }: { dealerId: number; acquirer: Shown; t: ConsoleMessages }) {
  const words = t.acquirers;
  const shown = acquirer.config ?? {};
  return (
    <Panel title={words.heading} description={words.intro}>
      {acquirer.connector ? (
        <>
          <p className="text-sm">{words.current(acquirer.label ?? acquirer.connector)}</p>
          {!acquirer.usable && <p className="text-sm text-amber-800">{words.unusable}</p>}
          {acquirer.notification_url && (
            <p className="text-sm">
              {words.notificationUrl}{" "}
              <span className="break-all font-mono text-xs" translate="no">
                {acquirer.notification_url}
              </span>
            </p>
          )}
          {/* The connector's own key names and values, as stored: not words to translate. */}
          <div translate="no">
            <DetailList items={Object.entries(shown).map(([key, value]) => [key, <span key={key} className="font-mono text-xs">{String(value)}</span>])} />
          </div>
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
          <EditDisclosure key={connector.name} label={words.use(connector.label)} name={words.use(connector.label)}>
            <ActionForm action={setAcquirerAction} submitLabel={words.save} keepValuesOnError>
              <input type="hidden" name="id" value={dealerId} />
              <input type="hidden" name="connector" value={connector.name} />
              {configFields(connector).map((field) => (
                <div key={field.key} translate="no">
                <TextField
                  label={`${field.key}${field.optional ? ` (${words.optional})` : ""}`}
                  name={`config.${field.key}`}
                  type={field.secret ? "password" : "text"}
                  autoComplete="off"
                  placeholder={field.secret && mine ? String(shown[field.key] ?? "") : undefined}
                  title={field.secret ? words.secretHint : undefined}
                  defaultValue={!field.secret && mine && shown[field.key] !== undefined ? String(shown[field.key]) : undefined}
                  className="w-96 max-w-full"
                />
                </div>
              ))}
              {connector.secretKeys.length > 0 && <p className="text-xs text-slate-600">{words.secretHint}</p>}
            </ActionForm>
          </EditDisclosure>
        );
      })}
    </Panel>
  );
}
