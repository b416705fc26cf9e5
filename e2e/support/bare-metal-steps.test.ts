import { describe, expect, it } from "vitest";
import { bareMetalSteps, filledEnvFile, readBareMetalSteps } from "./bare-metal-steps";

describe("docs/deploy.md's bare-metal steps", () => {
  it("are the shipped files' steps, in the operator's order", () => {
    expect(readBareMetalSteps()).toEqual([
      { kind: "settings", example: "deploy/production.env.example" },
      { kind: "load" },
      { kind: "pgbouncer", ini: "deploy/pgbouncer/pgbouncer.ini" },
      { kind: "migrate" },
      { kind: "replica", port: 3001 },
      { kind: "replica", port: 3002 },
      { kind: "nginx", conf: "deploy/nginx/nginx.conf" },
      { kind: "prometheus", config: "deploy/prometheus/prometheus.yml" },
    ]);
  });

  it("refuse a command the fleet test does not run, naming it", () => {
    const doc = "## Bare metal, step by step\n\n```sh\n# a comment\nnode dist/migrate.js\nsystemctl start pis\n```\n";
    expect(() => bareMetalSteps(doc)).toThrow(/says "systemctl start pis", which the fleet test does not know/);
  });

  it("fill the env file's placeholders and keep its other values", () => {
    const env = filledEnvFile("# c\nA=CHANGE-ME\nB=kept\nC=x:CHANGE-ME-TOO\n# D=commented\n", (n) => `filled-${n}`, {
      B: "over",
    });
    expect(env).toEqual({ A: "filled-A", B: "over", C: "filled-C" });
  });
});
