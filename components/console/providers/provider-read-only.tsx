import { DetailList, Panel } from "@/components/console/panel";
import { consoleTime } from "@/lib/console/format";
import { defaultApiRateLimit } from "@/lib/ops/enforce-api-rate-limit";
import type { ConsoleProvider } from "@/lib/providers/find-console-provider";

const orNone = (value: string | null) => value || "not set";

/** What a provider viewer sees of their own provider: the settings, never a secret or a hint of one. */
export function ProviderReadOnly({ provider: p }: { provider: ConsoleProvider }) {
  return (
    <Panel title="Settings" description="Read-only. Ask an administrator to change these or to issue new keys.">
      <DetailList
        items={[
          ["Status", p.isActive ? "Active" : "Inactive"],
          ["API key", <code key="k" className="font-mono text-xs">{p.apiKey}</code>],
          ["Secret and verification key", "Hidden: they were shown once, when issued."],
          ["Previous secret", p.previousSecretValidUntil ? `still verifies until ${consoleTime(p.previousSecretValidUntil)}` : "none in use"],
          ["Deposit callback URL", orNone(p.depositCallbackUrl)],
          ["Withdrawal callback URL", orNone(p.withdrawalCallbackUrl)],
          ["Card callback URL", orNone(p.creditCardCallbackUrl)],
          ["IP whitelist", p.ipWhitelist.length ? p.ipWhitelist.join(", ") : "empty: every request is refused"],
          ["Requests per minute", String(p.rateLimitPerMinute ?? `${defaultApiRateLimit()} (default)`)],
          ["Origins that may frame payment pages", p.embedOrigins.join(", ") || "none"],
        ]}
      />
    </Panel>
  );
}
