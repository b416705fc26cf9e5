/**
 * `tsx scripts/bench/profile-top.ts <file.cpuprofile> [count]`: a server profile taken during the bench
 * (SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof") as its top functions by self time, and the
 * self time by group (Next, React/RSC, zod, Prisma, pino, crypto, our code and the rest), for
 * docs/performance.md. Code bundled into Next's server chunks and dist/server.js is named by the module it was
 * written in when the build's source map is there (scripts/bench/profile-sources.ts); without one, the group of
 * a bundled function is a guess from its chunk and is marked so.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sourceMapResolver, type SourceResolver } from "./profile-sources";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber?: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
export type ProfileSummary = ReturnType<typeof summarise>;

export const OUR_CODE = "our code (lib, app and the server)";
export const IDLE = "idle";

const GROUPS: [string, RegExp][] = [
  [
    "React/RSC",
    /node_modules\/(react|react-dom|react-server-dom-[\w-]+)\/|next\/dist\/compiled\/(react|react-dom|react-server-dom-[\w-]+)/,
  ],
  ["Next", /node_modules\/next\//],
  ["zod", /node_modules\/zod\//],
  ["Prisma", /node_modules\/(@prisma|\.prisma)\/|lib\/generated\/prisma/],
  ["pg", /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//],
  ["pino", /node_modules\/(pino|sonic-boom|fast-redact|pino-std-serializers|thread-stream)\//],
  ["prom-client", /node_modules\/prom-client\//],
  ["crypto", /node:crypto|internal\/crypto\//],
  ["Node streams and web streams", /internal\/(streams|webstreams)\//],
  [
    "Node http and net",
    /node:(http|net|_http)|internal\/(http|net|_http)|node:_http_|_http_(server|outgoing|incoming|common)/,
  ],
  [
    "Node async hooks and timers",
    /internal\/(async_hooks|async_local_storage|timers|process\/task_queues)|node:(async_hooks|timers)/,
  ],
  // Node's fetch classes: the WHATWG Request, Response and Headers Next builds around each request.
  ["Node fetch: Request, Response, Headers (undici)", /internal\/deps\/undici\//],
  ["Node, other", /^node:|^internal\//],
  // The only WebAssembly the server runs: Prisma's query compiler (the schema engine's runs in migrations only).
  ["Prisma query compiler (wasm)", /^wasm:\/\//],
  ["route bundles, unmapped (our code, zod, packages)", /\.next\/server\//],
  ["tsx loader", /node_modules\/tsx\//],
  ["other packages", /node_modules\//],
  [OUR_CODE, /\/(lib|scripts|app)\/|\/dist\/server\.js/],
];

/** The group of a function by where it lives; the profiler's own entries by name. */
export function groupOf({ functionName, url }: Pick<CallFrame, "functionName" | "url">): string {
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return IDLE;
    if (functionName === "(program)") return "native (program)";
    return "native";
  }
  const where = url.replace(/^file:\/\//, "");
  return GROUPS.find(([, pattern]) => pattern.test(where))?.[0] ?? "other";
}

/**
 * How a sample is weighed: "time", its time delta (the wall time since the previous sample), or "on-time
 * samples", one sampling interval each, counting only the samples that came on time (within LATE_FACTOR of the
 * profile's median delta). V8 samples on the clock: a thread that waited for a core is sampled as soon as it runs
 * again, at wherever it was stopped, and that is most often a syscall that woke another process (a socket write
 * that wakes a PostgreSQL backend, which then takes the core). "time" gives such a sample the whole wait: on a busy
 * machine it read as twice the process's CPU, a quarter of it in writev. A late sample is dropped, whatever its
 * place; the on-time ones are a fairer sample of where the running thread was, though a short wait still lands
 * a sample on the write (perf's on-CPU samples of the same server: writev 4.7-5.2% of the main thread's CPU; of
 * V8's on-time samples 8.3-14.3%, of all of them 12.6-23.7%; docs/performance.md).
 */
export type SampleWeight = { by: "time" } | { by: "on-time samples"; intervalMs: number };
export const LATE_FACTOR = 1.1;

/** Self milliseconds by node: each kept sample's weight goes to the node it landed on; and how many were late. */
function selfTimes(profile: Profile, weight: SampleWeight): { self: Map<number, number>; late: number } {
  const self = new Map<number, number>();
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  const onTime = (deltas[deltas.length >> 1] ?? 0) * LATE_FACTOR;
  let late = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    if (weight.by === "on-time samples" && delta > onTime) {
      late++;
      return;
    }
    const ms = weight.by === "time" ? delta / 1000 : weight.intervalMs;
    self.set(id, (self.get(id) ?? 0) + ms);
  });
  return { self, late };
}

/** Node's write bindings: the syscall (write, writev) under a socket's or a file's write. */
const WRITE_SYSCALLS = new Set([
  "writev",
  "writeBuffer",
  "writeUtf8String",
  "writeLatin1String",
  "writeAsciiString",
  "writeString",
]);
export const WRITES_TO_POSTGRES = "syscall: writes to PostgreSQL";
export const WRITES_TO_CLIENTS = "syscall: writes to HTTP clients";
export const WRITES_TO_FILES = "syscall: writes to files and pipes (logs)";

/**
 * Each node's group and place. A function of our bundles goes by its source map (`resolve`). A native function
 * (no script: a binding, a V8 builtin) goes by its caller's group, so a cipher's binding counts as crypto and the
 * microtask runner as Node's task queues; a write syscall goes by whom it writes for (PostgreSQL's socket, an
 * HTTP answer, a file), which is what one would cut.
 */
function placeNodes(profile: Profile, resolve?: SourceResolver): Map<number, { group: string; where: string }> {
  const parent = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node);
  const placed = new Map<number, { group: string; where: string }>();
  const ownGroup = (node: ProfileNode) => {
    const { functionName, url } = node.callFrame;
    const original = url ? resolve?.(node.callFrame) : null;
    return { original, group: groupOf(original ? { functionName, url: `/${original.file}` } : node.callFrame) };
  };
  const ancestors = function* (node: ProfileNode) {
    for (let up = parent.get(node.id); up; up = parent.get(up.id)) yield up;
  };
  const writeGroup = (node: ProfileNode) => {
    for (const up of ancestors(node)) {
      const { url } = up.callFrame;
      if (ownGroup(up).group === "pg") return WRITES_TO_POSTGRES;
      if (/_http_(outgoing|server)/.test(url)) return WRITES_TO_CLIENTS;
      if (/^node:(internal\/)?fs/.test(url)) return WRITES_TO_FILES;
    }
    return "syscall: other writes";
  };
  const place = (node: ProfileNode): { group: string; where: string } => {
    const known = placed.get(node.id);
    if (known) return known;
    const { functionName, url, lineNumber } = node.callFrame;
    const { original, group } = ownGroup(node);
    let result = {
      group,
      where: original
        ? `${original.file}:${original.line + 1}`
        : url
          ? `${path.basename(url.replace(/^file:\/\//, ""))}:${lineNumber + 1}`
          : "",
    };
    if (!url && WRITE_SYSCALLS.has(functionName)) result = { ...result, group: writeGroup(node) };
    else if (!url && group === "native") {
      const caller = parent.get(node.id);
      if (caller && caller.callFrame.functionName !== "(root)") result = { ...result, group: place(caller).group };
    }
    placed.set(node.id, result);
    return result;
  };
  for (const node of profile.nodes) place(node);
  return placed;
}

/**
 * Self time by function (the `count` highest) and by group (placeNodes). With `resolve`, a bundled function is
 * grouped and placed by the source file its start maps to (its name stays the bundle's, often minified).
 */
export function summarise(
  profile: Profile,
  count: number,
  options: { resolve?: SourceResolver; weight?: SampleWeight } = {},
) {
  const { resolve, weight = { by: "time" } } = options;
  const { self, late } = selfTimes(profile, weight);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const places = placeNodes(profile, resolve);
  const byFunction = new Map<string, { name: string; ms: number; group: string; where: string }>();
  const byGroup = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const { group, where } = places.get(node.id)!;
    const name = `${node.callFrame.functionName || "(anonymous)"} ${where}`.trim();
    // By group too: one binding (writev) writes for PostgreSQL and for the HTTP answers.
    const key = `${name}\u0000${group}`;
    const entry = byFunction.get(key) ?? { name, ms: 0, group, where };
    entry.ms += ms;
    byFunction.set(key, entry);
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, count);
  const groups = [...byGroup.entries()].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total,
    lateSamples: late,
    top: top.map(([, e]) => e),
    groups: groups.map(([group, ms]) => ({ group, ms })),
  };
}

if (process.argv[1] && /profile-top\.ts$/.test(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx scripts/bench/profile-top.ts <file.cpuprofile> [count]");
  const { totalMs, top, groups } = summarise(
    JSON.parse(readFileSync(file, "utf8")) as Profile,
    Number(process.argv[3] || 15),
    { resolve: sourceMapResolver() },
  );
  const share = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`.padStart(6);
  console.log(`profile: ${(totalMs / 1000).toFixed(1)} s sampled\n\ntop functions by self time:`);
  for (const t of top) console.log(`${share(t.ms)}  ${t.name.padEnd(70)} ${t.group}`);
  console.log("\nself time by group:");
  for (const g of groups) console.log(`${share(g.ms)}  ${g.group}`);
}
