import { SelectField } from "@/components/ui/select-field";
import type { ActionState } from "@/lib/auth/action-user";
import { GRACE_CHOICES } from "@/lib/auth/secret-rotation";
import { ActionForm } from "./action-form";

/** Issues a new secret; the grace period keeps the old one verifying requests while the integrator switches. */
export function RotateSecretForm({ id, action }: { id: number; action: (s: ActionState, f: FormData) => Promise<ActionState> }) {
  return (
    <ActionForm action={action} submitLabel="Issue new secret" submitVariant="danger" pendingLabel="Issuing…">
      <input type="hidden" name="id" value={id} />
      <SelectField
        label="Old secret keeps working for"
        name="graceSeconds"
        defaultValue="3600"
        options={GRACE_CHOICES.map((c) => ({ value: String(c.seconds), label: c.label }))}
      />
    </ActionForm>
  );
}
