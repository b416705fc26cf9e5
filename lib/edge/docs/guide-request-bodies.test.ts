import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONTRACT_LIST } from "@/lib/api/contracts";

const guide = readFileSync("docs/integration.md", "utf8");
const examples = [...guide.matchAll(/```request-body\n(POST|GET) (\S+)\n([\s\S]*?)```/g)].map((m) => ({
  method: m[1]!.toLowerCase(),
  path: m[2]!,
  body: m[3]!.trim(),
}));

describe("the integration guide's request bodies", () => {
  it("shows one for every endpoint that takes a body", () => {
    const withBody = CONTRACT_LIST.filter((c) => c.method === "post" && c.body).map((c) => c.path);
    expect(examples.map((e) => e.path).sort()).toEqual([...withBody].sort());
  });

  it.each(examples.map((e) => [e.path, e] as const))(
    "%s: the example is a body the endpoint accepts",
    (_path, example) => {
      const contract = CONTRACT_LIST.find((c) => c.method === example.method && c.path === example.path);
      expect(contract?.body, `no contract takes a body at ${example.path}`).toBeDefined();
      const parsed = contract!.body!.safeParse(JSON.parse(example.body));
      expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
    },
  );
});
