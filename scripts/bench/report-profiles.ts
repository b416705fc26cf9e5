/**
 * The api section's CPU profiles in the printed report: a create's CPU by group at c=1 and at each concurrency
 * side by side, and the top functions at the highest concurrency (scripts/bench/profile-table.ts scales them).
 */
import { fixed, pad } from "./report-format";
import type { ApiSection } from "./report";
import { scaleProfile, sideBySide, type CreateProfile, type MeasuredRun, type ScaledProfile } from "./profile-table";

const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? "" : `${fixed(share * 100)}%`;

/**
 * The report's lines for the profiles, each beside the measured run at its concurrency (`measured`): pure, so
 * the layout is tested with the arithmetic.
 */
export function createProfileLines(
  profiles: CreateProfile[],
  measured: (concurrency: number) => MeasuredRun | undefined,
): string[] {
  if (!profiles.length) return [];
  const ordered = [...profiles].sort((a, b) => a.concurrency - b.concurrency);
  const scaled: ScaledProfile[] = ordered.map((p) => scaleProfile(p, measured(p.concurrency)));
  const label = (p: CreateProfile, s: ScaledProfile) => `c=${p.concurrency}${s.basis === "sampled" ? " sampled" : ""}`;
  const lines = [
    `\na create's CPU by group, ms per create (one worker; profiled in ${ordered[0]!.seconds} s runs of their own after the measured ones,`,
    "each group's share of the main thread's busy samples times the measured run's main-thread CPU per create, the",
    "other threads from the same run: a column sums to the measured app CPU per create; 'sampled': no measured run,",
    "the on-time samples' ms per create, below the CPU; 'syscall' rows are the kernel's side of a write, loopback",
    "delivery included, and read high: perf's on-CPU samples put writev at a third to a half of its share)",
    `${"group".padEnd(52)}${ordered.map((p, i) => `${pad(label(p, scaled[i]!), 13)}${pad("share", 8)}`).join("")}`,
  ];
  for (const { group, cells } of sideBySide(scaled))
    lines.push(
      `${group.padEnd(52)}${cells.map((c) => `${pad(c ? fixed(c.msPerCreate, 3) : "-", 13)}${pad(percent(c?.share), 8)}`).join("")}`,
    );
  const sum = (s: ScaledProfile) => s.rows.reduce((a, r) => a + r.msPerCreate, 0);
  lines.push(`${"sum".padEnd(52)}${scaled.map((s) => `${pad(fixed(sum(s), 3), 13)}${pad("", 8)}`).join("")}`);
  lines.push(
    `${"measured app CPU per create".padEnd(52)}${scaled.map((s) => `${pad(s.appCpuMsPerCreate === null ? "-" : fixed(s.appCpuMsPerCreate, 3), 13)}${pad("", 8)}`).join("")}`,
  );
  lines.push(
    `(profiled runs: ${ordered
      .map(
        (p) =>
          `c=${p.concurrency} ${p.creates} creates, ${Math.round(p.sampledMs / (p.intervalUs / 1000))} busy and ` +
          `${Math.round(p.idleMs / (p.intervalUs / 1000))} idle samples on time, ${p.lateSamples} late ones left out`,
      )
      .join("; ")}; one sample every ${ordered[0]!.intervalUs} µs)`,
  );
  const last = ordered.length - 1;
  const [top, scaledTop] = [ordered[last]!, scaled[last]!];
  lines.push(
    `\ntop functions at c=${top.concurrency} by self time, ms per create (bundled code placed by its source map)`,
  );
  for (const f of scaledTop.top)
    lines.push(
      `${pad(fixed(f.msPerCreate, 3), 8)}${pad(percent(top.sampledMs > 0 ? f.ms / top.sampledMs : null), 8)}  ${f.name.padEnd(80)} ${f.group}`,
    );
  const files = ordered.flatMap((p) => (p.file ? [p.file] : []));
  if (files.length) lines.push(`(the profiles, for Chrome DevTools: ${files.join(", ")})`);
  return lines;
}

export function printCreateProfiles(api: ApiSection): void {
  const measured = (c: number): MeasuredRun | undefined =>
    c === 1
      ? api.alone.find((r) => r.workers === 1)?.result
      : api.rows.find((r) => r.workers === 1 && r.mode === "creates" && r.concurrency === c)?.result;
  for (const line of createProfileLines(api.profiles ?? [], measured)) console.log(line);
}
