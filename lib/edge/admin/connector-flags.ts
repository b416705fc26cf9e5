import { DomainError } from "@/lib/base/errors/domain-error";
import { refusal } from "@/lib/base/messages/errors";

/**
 * `--connector NAME --config JSON`, both or neither: the connector's name and its configuration as a JSON
 * object (secrets in clear on the command line; they are sealed before they are stored).
 */
export function connectorFlags(
  flags: Record<string, string | undefined>,
): { connector: string; config: unknown } | null {
  if (flags.connector === undefined && flags.config === undefined) return null;
  if (flags.connector === undefined) throw DomainError.validation([refusal("configNeedsConnector")]);
  if (flags.config === undefined) throw DomainError.validation([refusal("connectorNeedsConfig")]);
  try {
    return { connector: flags.connector, config: JSON.parse(flags.config) as unknown };
  } catch {
    throw DomainError.validation([refusal("configFlagObject")]);
  }
}
