import type { ActorType } from "@/lib/generated/prisma/enums";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/** Who a transaction belongs to, so the callers and partners in its history are named, not numbered. */
export type HistoryParties = {
  provider: { id: number; name: string } | null;
  dealer: { id: number; name: string };
  siteIntegration: { id: number; name: string } | null;
  gateway: { code: string; name: string } | null;
};

/**
 * Who made a change in the history, in the operator's words: "Provider API (Demo Casino)" for the stored
 * `API provider:68`, "Card acquirer" for `GATEWAY card-acquirer`, the gateway by its name. Console users are
 * named by email where the viewer may know them (`staff`), else "Staff".
 */
export function historyActorWords(
  e: { actorType: ActorType; actorId: string | null },
  parties: HistoryParties,
  staff: Map<string, string>,
  t: ConsoleMessages,
): string {
  const a = t.transactions.history.actors;
  const id = e.actorId ?? "";
  switch (e.actorType) {
    case "CUSTOMER":
      return a.customer;
    case "CONSOLE_USER":
      return (id && staff.get(id)) || t.transactions.history.staff;
    case "CLI":
      return a.cli(id || "?");
    case "SYSTEM":
      return id === "expiry" ? a.expiry : a.service;
    case "GATEWAY":
      if (id === "card-acquirer") return a.cardAcquirer;
      if (id === "eiban-bank") return a.eibanBank;
      return a.gateway(parties.gateway && parties.gateway.code === id ? parties.gateway.name : id);
    case "API": {
      const [kind, number] = id.split(":");
      if (kind === "provider" && parties.provider && String(parties.provider.id) === number)
        return a.providerApi(parties.provider.name);
      if (kind === "dealer" && String(parties.dealer.id) === number) return a.dealerApi(parties.dealer.name);
      if (kind === "site-integration" && parties.siteIntegration && String(parties.siteIntegration.id) === number)
        return a.siteIntegration(parties.siteIntegration.name);
      return a.api;
    }
  }
}
