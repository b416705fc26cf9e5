/**
 * `tsx scripts/bench/profile-top.ts <file.cpuprofile> [count]`: a server profile taken during the bench
 * (SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof") as its top functions by self time, and the
 * self time by group (Next, React/RSC, zod, Prisma, pino, crypto, our code and the rest), for
 * docs/performance.md. Code bundled into Next's server chunks is named by its function and chunk: the
 * group of a bundled function is a guess from its chunk and is marked so.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

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
  ["Node, other", /^node:|^internal\//],
  ["route bundles (our code, zod, bundled packages)", /\.next\/server\//],
  ["tsx loader", /node_modules\/tsx\//],
  ["our code (the server and lib, outside the route bundles)", /\/(lib|scripts)\/|\/dist\/server\.js/],
  ["other packages", /node_modules\//],
];

/** The group of a function by where it lives; the profiler's own entries by name. */
export function groupOf({ functionName, url }: Pick<CallFrame, "functionName" | "url">): string {
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "idle";
    if (functionName === "(program)") return "native (program)";
    return "native";
  }
  const where = url.replace(/^file:\/\//, "");
  return GROUPS.find(([, pattern]) => pattern.test(where))?.[0] ?? "other";
}

/** Self milliseconds by node: each sample's time delta goes to the node it landed on. */
function selfTimes(profile: Profile): Map<number, number> {
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  return self;
}

export function summarise(profile: Profile, count: number) {
  const self = selfTimes(profile);
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, { ms: number; group: string; where: string }>();
  const byGroup = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const group = groupOf(node.callFrame);
    const where = url ? `${path.basename(url.replace(/^file:\/\//, ""))}:${lineNumber + 1}` : "";
    const name = `${functionName || "(anonymous)"} ${where}`.trim();
    const entry = byFunction.get(name) ?? { ms: 0, group, where };
    entry.ms += ms;
    byFunction.set(name, entry);
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms);
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, count);
  const groups = [...byGroup.entries()].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total,
    top: top.map(([name, e]) => ({ name, ...e })),
    groups: groups.map(([group, ms]) => ({ group, ms })),
  };
}

if (process.argv[1] && /profile-top\.ts$/.test(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: tsx scripts/bench/profile-top.ts <file.cpuprofile> [count]");
  const { totalMs, top, groups } = summarise(
    JSON.parse(readFileSync(file, "utf8")) as Profile,
    Number(process.argv[3] || 15),
  );
  const share = (ms: number) => `${((ms / totalMs) * 100).toFixed(1)}%`.padStart(6);
  console.log(`profile: ${(totalMs / 1000).toFixed(1)} s sampled\n\ntop functions by self time:`);
  for (const t of top) console.log(`${share(t.ms)}  ${t.name.padEnd(70)} ${t.group}`);
  console.log("\nself time by group:");
  for (const g of groups) console.log(`${share(g.ms)}  ${g.group}`);
}
