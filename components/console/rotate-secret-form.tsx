import { SelectField } from "@/components/ui/select-field";
import type { ActionState } from "@/lib/edge/auth/action-user";
import { GRACE_CHOICES } from "@/lib/domain/accounts/secret-rotation";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { ActionForm } from "./action-form";

/** Issues a new secret; the grace period keeps the old one verifying requests while the integrator switches. */
export function RotateSecretForm({
  id,
  action,
  t,
}: {
  id: number;
  action: (s: ActionState, f: FormData) => Promise<ActionState>;
  t: ConsoleMessages;
}) {
  return (
    <ActionForm
      action={action}
      submitLabel={t.keys.issueSecret}
      submitVariant="danger"
      pendingLabel={t.common.issuing}
      confirmText={t.keys.confirmRotation}
    >
      <input type="hidden" name="id" value={id} />
      <SelectField
        label={t.keys.graceLabel}
        name="graceSeconds"
        defaultValue="3600"
        options={GRACE_CHOICES.map((c) => ({ value: String(c.seconds), label: t.labels.grace[c.key] }))}
      />
    </ActionForm>
  );
}
