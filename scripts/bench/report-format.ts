/** What every part of the bench's printed report shares: column padding, numbers, and the targets' lines. */
import { busy, gateByLoad, type SectionLoad } from "./load-watch";
import type { TargetLine, Verdict } from "./targets";

export const pad = (s: string | number, n: number) => String(s).padStart(n);
export const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** The load of the section being printed: while it exceeded the cores, no target is reported as met. */
let sectionLoad: SectionLoad | undefined;
export const printingSection = (load: SectionLoad | undefined) => {
  sectionLoad = load;
};

export const said = (verdict: Verdict) =>
  verdict === "met" && busy(sectionLoad) ? "not measured" : verdict === "missed" ? "MISSED" : verdict;

export function printTargets(title: string, lines: TargetLine[]): void {
  console.log(`\n${title}`);
  for (const l of gateByLoad(lines, sectionLoad))
    console.log(
      `  ${l.figure.padEnd(50)}${l.value.padStart(30)}  target ${l.target.padEnd(8)} ${l.verdict === "missed" ? "MISSED" : l.verdict}`,
    );
}
