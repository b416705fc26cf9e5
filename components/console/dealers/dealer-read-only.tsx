import { DetailList, Panel } from "@/components/console/panel";
import { consoleTime } from "@/lib/console/format";
import type { ConsoleDealer } from "@/lib/dealers/find-console-dealer";
import { methodLabels } from "./dealer-method-fields";

/** What dealer staff see of their own dealer: settings without the secret. */
export function DealerReadOnly({ dealer: d }: { dealer: ConsoleDealer }) {
  return (
    <Panel title="Settings" description="Read-only. Ask an administrator to change these or to issue a new secret.">
      <DetailList
        items={[
          ["Status", d.isActive ? "Active" : "Inactive"],
          ["API key", <code key="k" className="font-mono text-xs">{d.apiKey}</code>],
          ["Secret key", "Hidden: it was shown once, when issued."],
          ["Previous secret", d.previousSecretValidUntil ? `still verifies until ${consoleTime(d.previousSecretValidUntil)}` : "none in use"],
          ["Payment methods", methodLabels(d)],
          ["Card callback URL", d.creditCardCallbackUrl || "not set"],
          ["Welcome message", d.welcomeMessage || "none"],
          ["IP whitelist", d.ipWhitelist.length ? d.ipWhitelist.join(", ") : "empty: any IP may call the dealer API"],
        ]}
      />
    </Panel>
  );
}
