import { describe, expect, it } from "vitest";
import { groupOf, OUR_CODE, summarise, WRITES_TO_CLIENTS, WRITES_TO_FILES, WRITES_TO_POSTGRES } from "./profile-top";

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
    expect(group("node:internal/deps/undici/undici")).toBe("Node fetch: Request, Response, Headers (undici)");
    expect(group("node:path")).toBe("Node, other");
    expect(group("file:///app/.next/server/chunks/123.js")).toBe("route bundles, unmapped (our code, zod, packages)");
    expect(group("file:///app/scripts/server.ts")).toBe(OUR_CODE);
    expect(group("file:///app/dist/server.js")).toBe(OUR_CODE);
    expect(group("/app/api/v1/route.ts")).toBe(OUR_CODE);
    // A package's own lib folder is the package's, not ours.
    expect(group("file:///app/node_modules/some-package/lib/index.js")).toBe("other packages");
    expect(group("wasm://wasm/0a1b2c3d")).toBe("Prisma query compiler (wasm)");
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

  it("groups and places a bundled function by the source file the resolver maps it to", () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: { functionName: "a", url: "file:///app/.next/server/chunks/x.js", lineNumber: 0 } },
        { id: 2, callFrame: { functionName: "b", url: "file:///app/.next/server/chunks/x.js", lineNumber: 0 } },
        { id: 3, callFrame: { functionName: "c", url: "file:///app/.next/server/chunks/y.js", lineNumber: 4 } },
      ],
      samples: [1, 2, 3],
      timeDeltas: [1000, 2000, 4000],
    };
    const resolve = ({ url }: { url: string }) =>
      url.endsWith("x.js") ? { file: "node_modules/zod/v4/core/parse.js", line: 9 } : null;
    const { top, groups } = summarise(profile, 5, { resolve });
    expect(top.map((t) => t.name)).toEqual([
      "c y.js:5",
      "b node_modules/zod/v4/core/parse.js:10",
      "a node_modules/zod/v4/core/parse.js:10",
    ]);
    expect(groups).toEqual([
      { group: "route bundles, unmapped (our code, zod, packages)", ms: 4 },
      { group: "zod", ms: 3 },
    ]);
  });

  it("weighs each on-time sample as one interval when asked, and leaves out the late ones", () => {
    const frame = (functionName: string) => ({ functionName, url: "", lineNumber: 0 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("writev") },
        { id: 2, callFrame: frame("(garbage collector)") },
      ],
      // The thread waited 9 ms for a core while in writev: one late sample; the others came 1-1.1 ms apart.
      samples: [1, 2, 2, 1, 2],
      timeDeltas: [10_000, 1000, 1100, 1000, 1101],
    };
    expect(summarise(profile, 5).groups).toEqual([
      { group: "syscall: other writes", ms: 11 },
      { group: "garbage collection", ms: 3.201 },
    ]);
    // The median delta is 1.1 ms: a sample up to 1.21 ms after the previous one is on time.
    const onTime = summarise(profile, 5, { weight: { by: "on-time samples", intervalMs: 0.5 } });
    expect(onTime.lateSamples).toBe(1);
    expect(onTime.totalMs).toBe(2);
    expect(onTime.groups).toEqual([
      { group: "garbage collection", ms: 1.5 },
      { group: "syscall: other writes", ms: 0.5 },
    ]);
  });

  it("groups a native function by its caller, and a write syscall by whom it writes for", () => {
    const node = (id: number, functionName: string, url: string, children: number[] = []) => ({
      id,
      callFrame: { functionName, url, lineNumber: 0 },
      children,
    });
    const profile = {
      nodes: [
        node(1, "(root)", "", [2, 5, 8, 11, 13]),
        node(2, "submit", "file:///app/node_modules/pg/lib/query.js", [3]),
        node(3, "writevGeneric", "node:internal/stream_base_commons", [4]),
        node(4, "writev", ""),
        node(5, "end", "node:_http_outgoing", [6]),
        node(6, "writevGeneric", "node:internal/stream_base_commons", [7]),
        node(7, "writev", ""),
        node(8, "writeSync", "node:fs", [9]),
        node(9, "writeString", "", []),
        node(11, "createCipherBase", "node:internal/crypto/cipher", [12]),
        node(12, "CipherBase", ""),
        node(13, "(anonymous)", ""),
      ],
      samples: [4, 4, 4, 7, 9, 12, 13],
      timeDeltas: Array(7).fill(1000),
    };
    const { groups, top } = summarise(profile, 10);
    expect(Object.fromEntries(groups.map((g) => [g.group, g.ms]))).toEqual({
      [WRITES_TO_POSTGRES]: 3,
      [WRITES_TO_CLIENTS]: 1,
      [WRITES_TO_FILES]: 1,
      crypto: 1,
      native: 1,
    });
    // One binding, two entries: it wrote for PostgreSQL and for an HTTP answer.
    expect(top.filter((t) => t.name === "writev").map((t) => [t.group, t.ms])).toEqual([
      [WRITES_TO_POSTGRES, 3],
      [WRITES_TO_CLIENTS, 1],
    ]);
  });
});
