import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * A connector's name in the operator's language ("sandbox-card" -> "Sandbox kart işlemcisi (…)"); an unknown one as
 * stored.
 */
export function connectorName(name: string, t: ConsoleMessages): string {
  return t.connectors.names[name] ?? name;
}

/**
 * A configuration key in words ("storeKey" -> "Mağaza anahtarı (3-D Secure)"); an unknown one as the connector names
 * it.
 */
export function configFieldLabel(key: string, t: ConsoleMessages): string {
  return t.connectors.fields[key] ?? key;
}
