import { describe, expect, it } from "vitest";
import { groupOf, summarise } from "./profile-top";

describe("a server profile's groups", () => {
  it("names the pieces a create passes through by where their code lives", () => {
    const group = (url: string, functionName = "f") => groupOf({ url, functionName });
    expect(group("file:///app/node_modules/next/dist/server/base-server.js")).toBe("Next");
    expect(group("file:///app/node_modules/next/dist/compiled/react-server-dom-webpack/cjs/x.js")).toBe("React/RSC");
    expect(group("file:///app/node_modules/zod/v4/core/schemas.js")).toBe("zod");
    expect(group("file:///app/node_modules/@prisma/client/runtime/client.js")).toBe("Prisma");
    expect(group("file:///app/node_modules/pg-protocol/dist/parser.js")).toBe("pg");
    expect(group("file:///app/node_modules/pino/lib/proto.js")).toBe("pino");
    expect(group("node:internal/crypto/hash")).toBe("crypto");
    expect(group("node:internal/webstreams/readablestream")).toBe("Node streams and web streams");
    expect(group("node:_http_outgoing")).toBe("Node http and net");
    expect(group("file:///app/.next/server/chunks/123.js")).toBe("route bundles (our code, zod, bundled packages)");
    expect(group("file:///app/scripts/server.ts")).toBe("our code (the server and lib, outside the route bundles)");
    expect(group("file:///app/dist/server.js")).toBe("our code (the server and lib, outside the route bundles)");
    expect(group("", "(garbage collector)")).toBe("garbage collection");
    expect(group("", "(idle)")).toBe("idle");
  });

  it("adds each sample's time to the function it landed on", () => {
    const frame = (functionName: string, url: string) => ({ functionName, url, lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(root)", "") },
        { id: 2, callFrame: frame("parse", "file:///app/node_modules/zod/v4/core/schemas.js") },
        { id: 3, callFrame: frame("(garbage collector)", "") },
      ],
      samples: [2, 2, 3, 2],
      timeDeltas: [1000, 1000, 2000, 1000],
    };
    const { totalMs, top, groups } = summarise(profile, 5);
    expect(totalMs).toBe(5);
    expect(top.map((t) => [t.name, t.ms])).toEqual([
      ["parse schemas.js:1", 3],
      ["(garbage collector)", 2],
    ]);
    expect(groups).toEqual([
      { group: "zod", ms: 3 },
      { group: "garbage collection", ms: 2 },
    ]);
  });
});
