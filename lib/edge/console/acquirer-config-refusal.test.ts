import { describe, expect, it } from "vitest";
import { acquirerConfigRefusal } from "@/lib/domain/cards/dealer-acquirer";
import { ENGLISH_ERRORS } from "@/lib/base/messages/english-errors";
import { wordError } from "@/lib/base/messages/errors";
import { en } from "@/lib/edge/i18n/console/en";
import { tr } from "@/lib/edge/i18n/console/tr";
import { CARD_CONNECTORS } from "@/lib/integrations/connectors/registry";
import { ConnectorConfigError, sealConfig } from "@/lib/integrations/connectors/sealed-config";
import { describeRefusal } from "./action-error";

function refusedConfig(connector: keyof typeof CARD_CONNECTORS, config: Record<string, unknown>) {
  try {
    sealConfig("dealer_acquirers.config", CARD_CONNECTORS[connector] as Parameters<typeof sealConfig>[1], config);
  } catch (error) {
    if (error instanceof ConnectorConfigError) return acquirerConfigRefusal(error);
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("a refused acquirer configuration", () => {
  it("is worded per field in the console's language, never the validator's text", () => {
    const refused = refusedConfig("iyzico", { apiKey: "k", baseUrl: "not a url" });
    const [trText, enText] = [describeRefusal(refused, tr)!, describeRefusal(refused, en)!];
    for (const text of [trText, enText]) expect(text).not.toMatch(/Invalid input|expected string|received undefined/);
    expect(trText).toContain("Gizli anahtar gerekli");
    expect(trText).toMatch(/Temel adres .*geçerli bir adres/);
    // The English console shows the API's English rules, which name the key.
    expect(enText).toBe("SecretKey is required\nBaseUrl must be a valid URL");
    // The API and the CLI keep one English line per problem, naming the key.
    expect(refused.refusals.map((m) => wordError(m, ENGLISH_ERRORS)).join("\n")).toBe(
      "secretKey is required\nbaseUrl must be a valid URL",
    );
  });
});
