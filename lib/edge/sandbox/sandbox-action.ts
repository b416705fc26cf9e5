import { settings } from "@/lib/base/config/settings";

/**
 * The one frame of the sandbox pages' server actions (the pretend bank, acquirer and gateways a developer
 * plays by hand): they are nobody's staff actions and carry no credential, so the one check, made before
 * anything is read or written, is that the sandbox is on. `disabled` words the refusal in the page's
 * language; `run` gets the form.
 */
export function sandboxAction<State extends { error?: string }>(options: {
  disabled: (form: FormData) => string;
  run: (form: FormData) => Promise<State>;
}): (prev: State, form: FormData) => Promise<State> {
  return async (_prev, form) => {
    // The refusal is only an error text, which every state of these forms may be.
    if (!settings.sandboxEnabled) return { error: options.disabled(form) } as State;
    return options.run(form);
  };
}
