import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeLabel, SECRET_SEGMENT_ROUTES } from "./route-label";

const APP = path.resolve(import.meta.dirname, "../../../app");
/** Dynamic segments whose value is a secret (a payment token, a session) or a full IBAN. */
const SECRET_NAMES = new Set(["token", "session", "iban"]);

/** Every route folder of app/ as its URL path: route groups "(app)" dropped, dynamic segments kept. */
function routeFolders(dir = APP, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith("_"))
    .flatMap((e) => {
      const url = /^\(.*\)$/.test(e.name) ? prefix : `${prefix}/${e.name}`;
      return [url, ...routeFolders(path.join(dir, e.name), url)];
    });
}

describe("routeLabel: the path as request logs show it", () => {
  it("masks every route segment that is a secret: each such route folder is listed", () => {
    const secretRoutes = routeFolders().filter((url) => SECRET_NAMES.has(/\[([^\]]+)\]$/.exec(url)?.[1] ?? ""));
    expect(secretRoutes.length).toBeGreaterThanOrEqual(6);
    expect([...SECRET_SEGMENT_ROUTES].sort()).toEqual(secretRoutes.sort());
  });

  it(
    "masks the token of card returns, acquirer webhooks and payment pages, below them too, and drops the " + "query",
    () => {
      const token = "pt_9f8e7d6c5b4a3f2e1d0c9b8a";
      expect(routeLabel(`/api/returns/card/${token}?lang=en`)).toBe("/api/returns/card/:token");
      expect(routeLabel(`/api/webhooks/acquirer/${token}`)).toBe("/api/webhooks/acquirer/:token");
      expect(routeLabel(`/pay/${token}/anything/else`)).toBe("/pay/:token/anything/else");
      expect(routeLabel(`/api/pay/${token}/card-step?lang=tr`)).toBe("/api/pay/:token/card-step");
      expect(routeLabel("/sandbox/acquirer/pay/sess_1")).toBe("/sandbox/acquirer/pay/:session");
      expect(routeLabel("/sandbox/bank/api/accounts/TR330006100519786457841326")).toBe(
        "/sandbox/bank/api/accounts/:iban",
      );
      // What holds no secret stays as it is.
      expect(routeLabel("/api/webhooks/acquirer")).toBe("/api/webhooks/acquirer");
      expect(routeLabel("/api/webhooks/gateways/gw_main")).toBe("/api/webhooks/gateways/gw_main");
      expect(routeLabel("/console/transactions/42")).toBe("/console/transactions/42");
      expect(routeLabel(undefined)).toBe("/");
    },
  );
});
