import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import type { GatewayMethod } from "@/lib/domain/payment-methods";

export type GatewayChoice = { id: number; name: string; method: string; isActive: boolean };

/** The gateways a site may offer, as one checkbox each (a repeated `gatewayIds` field), grouped under one legend. */
export function SiteGatewayFields({
  gateways,
  chosen,
  t,
  idPrefix,
}: {
  gateways: GatewayChoice[];
  chosen: number[];
  t: ConsoleMessages;
  idPrefix: string;
}) {
  const words = t.sites;
  return (
    <fieldset className="flex w-full flex-col gap-1" aria-describedby={`${idPrefix}-gateways-hint`}>
      <legend className="text-sm font-medium text-slate-700">{words.gateways}</legend>
      <p id={`${idPrefix}-gateways-hint`} className="text-xs text-slate-600">
        {gateways.length ? words.gatewaysHint : words.noGateways}
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {gateways.map((g) => (
          <label key={g.id} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="gatewayIds"
              value={g.id}
              defaultChecked={chosen.includes(g.id)}
              className="size-4 rounded border-slate-300"
            />
            <span>
              {g.name}{" "}
              <span className="text-slate-600">
                ({t.labels.gatewayMethod[g.method as GatewayMethod]}
                {g.isActive ? "" : `, ${t.common.inactiveLower}`})
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
