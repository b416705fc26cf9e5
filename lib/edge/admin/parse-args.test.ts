import { describe, expect, it } from "vitest";
import { list, parseArgs } from "./parse-args";

describe("parseArgs", () => {
  it("reads the command, flags with values, = values and bare flags", () => {
    expect(parseArgs(["site:create", "POS", "--provider", "1", "--name=My Site", "--dry"])).toEqual({
      command: "site:create",
      positional: ["POS"],
      flags: { provider: "1", name: "My Site", dry: "true" },
    });
  });

  it("splits lists", () => {
    expect(list("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(list(undefined)).toBeUndefined();
  });
});
