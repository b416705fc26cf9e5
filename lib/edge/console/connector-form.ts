/** A masked secret as the console shows it: left as it is, the stored secret is kept. */
const MASKED = /^••••/;

/**
 * The connector choice a console form submits: `connector` and `config` (a JSON object; masked secrets
 * dropped so they keep their stored value). Null when the form leaves the configuration empty.
 */
export function connectorChoiceFromForm(
  form: FormData,
): { connector: string; config: Record<string, unknown> } | null | "invalid" {
  return connectorChoice(String(form.get("connector") ?? ""), String(form.get("config") ?? ""));
}

/** The same from the two posted values, as a console action's parsed form hands them over. */
export function connectorChoice(
  connector: string,
  configText: string,
): { connector: string; config: Record<string, unknown> } | null | "invalid" {
  const text = configText.trim();
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return "invalid";
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return "invalid";
  const config = Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).filter(([, v]) => !(typeof v === "string" && MASKED.test(v))),
  );
  return { connector: connector || "http-partner", config };
}
