/**
 * What a console server action answers (every one is built with consoleAction, lib/edge/console). A secret
 * in `secrets` is shown once by ActionForm, in this response only; it is never stored for display.
 */
export type ActionState = {
  ok?: string;
  error?: string;
  secrets?: { label: string; value: string }[];
  /** A bulk action's outcome per item (a tracking code and what happened to it), in the order asked. */
  items?: { label: string; done: boolean; text: string }[];
  /** Refusals tied to the form's fields, by the field's key: shown on the field itself (aria-describedby). */
  fields?: Record<string, string>;
};
