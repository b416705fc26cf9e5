import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contractHash } from "@/lib/base/crypto/contract-hash";
import { callbackSigningInput, requestSigningInput, signatureHeader } from "@/lib/base/crypto/request-signature";

const guide = readFileSync("docs/integration.md", "utf8");
const examples = [...guide.matchAll(/```hash-example\n([\s\S]*?)```/g)].map((m) =>
  m[1]!
    .trim()
    .split("\n")
    .map((line) => line.split(" = ").map((part) => part.trim()) as [string, string]),
);

describe("the integration guide's worked hash examples", () => {
  it("has one for each hash formula, for callbacks and for site integrations", () => {
    expect(examples.map((lines) => lines.map(([name]) => name).join("+"))).toEqual([
      "api_key+secret_key+timestamp+X-Hash",
      "api_key+secret_key+key+timestamp+X-Hash",
      "api_key+secret_key+credential_key+timestamp+X-Hash",
      "api_key+secret_key+timestamp+X-Hash",
      "api_key+secret_key+tracking_code+status+timestamp+X-Hash",
      "site_token+secret_key+timestamp+X-Hash",
    ]);
  });

  it.each(examples.map((lines, i) => [i + 1, lines] as const))(
    "example %i gives the X-Hash it shows, with the contract hash",
    (_n, lines) => {
      const inputs = lines.filter(([name]) => name !== "X-Hash").map(([, value]) => value);
      const shown = lines.find(([name]) => name === "X-Hash")![1];
      expect(contractHash(...inputs)).toBe(shown);
    },
  );
});

/** The `name = value` lines of each signature example; a line splits at its first " = ". */
function signatureExamples(file: string, fence: string): Record<string, string>[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(new RegExp("```" + fence + "\\n([\\s\\S]*?)```", "g"))].map((m) =>
    Object.fromEntries(
      m[1]!
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(" = ")).trim(), line.slice(line.indexOf(" = ") + 3)]),
    ),
  );
}

describe("the worked X-Signature examples", () => {
  it("of a request (docs/integration.md) gives the header it shows", () => {
    const [example, ...more] = signatureExamples("docs/integration.md", "signature-example");
    expect(more).toEqual([]);
    const e = example!;
    expect(
      signatureHeader(e.secret_key!, e.timestamp!, requestSigningInput(e.timestamp!, e.method!, e.path!, e.body!)),
    ).toBe(e["X-Signature"]);
  });

  it("of a callback (docs/callbacks.md) gives the header it shows", () => {
    const [example, ...more] = signatureExamples("docs/callbacks.md", "callback-signature-example");
    expect(more).toEqual([]);
    const e = example!;
    expect(signatureHeader(e.secret_key!, e.timestamp!, callbackSigningInput(e.timestamp!, e.body!))).toBe(
      e["X-Signature"],
    );
  });
});
