import type { BrowserContext, CDPSession, Page } from "@playwright/test";

/**
 * A phone's CPU, the same on every machine the suite runs on. Chromium's CPU throttling is a multiplier of the host's
 * speed, so a fixed "4x" is a mid-tier phone on the high-end desktop Lighthouse's default is tuned for and a much
 * slower one on a two-core CI runner (a first paint that took 0.8 s on one machine took 1.3 s on another). The phone
 * is named by Lighthouse's BenchmarkIndex instead (docs/throttling.md of GoogleChrome/lighthouse: high-end desktops
 * 1,500-2,000, mid-tier phones 125-800, and 4x moves the first into the second): 440, a high-end desktop's 1,750 slowed
 * 4x. The rate that makes this host's renderer score that is measured, not assumed.
 */
export const PHONE_BENCHMARK_INDEX = 440;

/**
 * Lighthouse's BenchmarkIndex (its page-functions' computeBenchmarkIndex), run in the page: how often per second a
 * 10,000-character string is built one character at a time (a collector-heavy loop) and 100,000 integers are copied
 * between two arrays (a collector-free one), each divided by ten, averaged. Higher is faster. Runs for `ms`.
 */
function benchmarkIndexInPage(ms: number): number {
  const half = ms / 2;
  const perSecond = (count: number, since: number) => count / 10 / ((Date.now() - since) / 1000);
  let started = Date.now();
  let strings = 0;
  while (Date.now() - started < half) {
    let built = "";
    for (let i = 0; i < 10_000; i++) built += "a";
    if (built.length !== 10_000) throw new Error("unreachable: keeps the loop from being optimised away");
    strings++;
  }
  const gcHeavy = perSecond(strings, started);
  const one: number[] = [];
  const other: number[] = [];
  for (let i = 0; i < 100_000; i++) one[i] = other[i] = i;
  started = Date.now();
  let copies = 0;
  // The clock is read every tenth copy, as Lighthouse does, so reading it is not what is measured.
  while (copies % 10 !== 0 || Date.now() - started < half) {
    const [from, to] = copies % 2 === 0 ? [one, other] : [other, one];
    for (let i = 0; i < from.length; i++) to[i] = from[i]!;
    copies++;
  }
  return (gcHeavy + perSecond(copies, started)) / 2;
}

async function scoreAt(page: Page, cdp: CDPSession, rate: number): Promise<number> {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  // The median of three short runs: one run can land on a collection or a neighbour's burst.
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(await page.evaluate(benchmarkIndexInPage, 300));
  return runs.sort((a, b) => a - b)[1]!;
}

export type PhoneCpu = {
  /** The throttling rate to give Emulation.setCPUThrottlingRate (1 when the host is no faster than the phone). */
  rate: number;
  /** The host renderer's BenchmarkIndex unthrottled, and what it scored at `rate`. */
  hostIndex: number;
  phoneIndex: number;
};

/**
 * Finds the throttling rate at which a renderer of `context` scores the phone's BenchmarkIndex, measured now (a busy
 * host is a slower host, so it is throttled less). Throttling is not proportional (4x scores about a third here), so
 * each estimate is corrected by what it scored. A host slower than the phone is not throttled: the page is
 * then measured on a slower CPU than the phone's, which can only make a budget harder to meet.
 */
export async function phoneCpu(context: BrowserContext): Promise<PhoneCpu> {
  const page = await context.newPage();
  try {
    await page.goto("about:blank");
    const cdp = await context.newCDPSession(page);
    const hostIndex = await scoreAt(page, cdp, 1);
    let rate = 1;
    let phoneIndex = hostIndex;
    // Up to three corrections, until the score is within 10% of the phone's (or the host is no faster than it).
    const off = () =>
      phoneIndex > PHONE_BENCHMARK_INDEX * 1.1 || (rate > 1 && phoneIndex < PHONE_BENCHMARK_INDEX * 0.9);
    for (let step = 0; step < 3 && off(); step++) {
      rate = Math.max(1, rate * (phoneIndex / PHONE_BENCHMARK_INDEX));
      phoneIndex = await scoreAt(page, cdp, rate);
    }
    return { rate: Math.round(rate * 100) / 100, hostIndex: Math.round(hostIndex), phoneIndex: Math.round(phoneIndex) };
  } finally {
    await page.close();
  }
}
