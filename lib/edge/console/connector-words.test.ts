import { describe, expect, it } from "vitest";
import { configFields } from "@/lib/integrations/connectors/config-fields";
import { BANK_CONNECTORS, CARD_CONNECTORS, GATEWAY_CONNECTORS } from "@/lib/integrations/connectors/registry";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";

const ALL = [
  ...Object.entries(CARD_CONNECTORS),
  ...Object.entries(GATEWAY_CONNECTORS),
  ...Object.entries(BANK_CONNECTORS),
];

describe("connector words", () => {
  it("name every connector the service ships, in both languages", () => {
    const names = [...new Set(ALL.map(([name]) => name))];
    for (const dictionary of [en, tr])
      expect(
        names.filter((name) => !dictionary.connectors.names[name]),
        dictionary.lang,
      ).toEqual([]);
  });

  it("word every key of every connector's configuration, in both languages, differently from the key", () => {
    const keys = [...new Set(ALL.flatMap(([, connector]) => configFields(connector).map((f) => f.key)))];
    for (const dictionary of [en, tr]) {
      expect(
        keys.filter((key) => !dictionary.connectors.fields[key] || dictionary.connectors.fields[key] === key),
        dictionary.lang,
      ).toEqual([]);
    }
  });
});
