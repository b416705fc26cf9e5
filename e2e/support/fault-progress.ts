import { onTestFailed } from "vitest";

/**
 * What a fault test is doing and how far it got, so that running out of time is never a bare timeout.
 *
 * A fault test on a busy machine cannot be given one fixed wall clock: a server start that takes 4 s on a
 * quiet machine takes 40 s beside a parallel build. Each wait is a named step with a budget of its own,
 * taken from what the run has measured so far (the starts it has timed, the progress a poll is still
 * making); a step that runs out fails naming the step, its budget and why, with every figure so far
 * (starts and their durations, requests, approvals, deliveries). Should the test runner's own timeout
 * fire first anyway, the same report is printed.
 */
export type Figures = Record<string, number | string | number[]>;

type StepRecord = { name: string; startedAt: number; endedAt?: number };

/** A start's ceiling before anything has been measured: a cold start of the production server on a loaded 2-core machine. */
export const FIRST_START_BUDGET_MS = Number(process.env.FAULT_FIRST_START_BUDGET_MS || 180_000);
/** A later start may take this many times the slowest start measured so far (never less than MIN_START_BUDGET_MS). */
const START_BUDGET_FACTOR = 5;
const MIN_START_BUDGET_MS = 30_000;

export class BudgetExceeded extends Error {}

export class FaultProgress {
  readonly figures: Figures = {};
  private readonly steps: StepRecord[] = [];
  private readonly started = Date.now();
  private readonly startDurations: number[] = [];
  private reported = false;

  constructor(private readonly test: string) {
    // The runner's own timeout is the backstop; when it (or an assertion) fails the test, say where it was,
    // unless a step's own failure already did.
    onTestFailed(() => {
      if (!this.reported) console.error(this.report("the test failed"));
    });
  }

  /** Sets or adds to a figure; figures are printed with every failure and by `summary()`. */
  count(name: string, by = 1): void {
    this.figures[name] = (Number(this.figures[name]) || 0) + by;
  }

  set(name: string, value: number | string): void {
    this.figures[name] = value;
  }

  /** The budget for the next server start: a ceiling for the first, then a multiple of the slowest one measured. */
  nextStartBudgetMs(): number {
    if (this.startDurations.length === 0) return FIRST_START_BUDGET_MS;
    return Math.min(
      FIRST_START_BUDGET_MS,
      Math.max(MIN_START_BUDGET_MS, START_BUDGET_FACTOR * Math.max(...this.startDurations)),
    );
  }

  /** A server start, timed and recorded: `start` receives its budget in milliseconds. */
  async serverStart<T>(label: string, start: (budgetMs: number) => Promise<T>): Promise<T> {
    const budget = this.nextStartBudgetMs();
    const why =
      this.startDurations.length === 0
        ? "the first start's ceiling"
        : `${START_BUDGET_FACTOR}x the slowest start so far`;
    const began = Date.now();
    // The start's own give-up comes a little after the step's, so the step's report is what the test says.
    const result = await this.step(
      `server start ${this.startDurations.length + 1} (${label})`,
      { budgetMs: budget, why },
      () => start(budget + 5_000),
    );
    this.startDurations.push(Date.now() - began);
    this.figures["server starts (s)"] = this.startDurations.map((ms) => Math.round(ms / 100) / 10);
    return result;
  }

  /** Runs `work` as the named step; if it has not settled within the budget, fails naming the step. */
  async step<T>(name: string, budget: { budgetMs: number; why: string }, work: () => Promise<T>): Promise<T> {
    const record: StepRecord = { name, startedAt: Date.now() };
    this.steps.push(record);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new BudgetExceeded(
              this.report(`gave up waiting for ${name} after ${seconds(budget.budgetMs)} (${budget.why})`),
            ),
          ),
        budget.budgetMs,
      );
    });
    try {
      return await Promise.race([work(), expired]);
    } catch (error) {
      if (error instanceof BudgetExceeded) throw error;
      // A step that failed (a server that exited, a query that threw) is reported with where the test was.
      throw new Error(this.report(`${name} failed: ${error instanceof Error ? error.message : String(error)}`), {
        cause: error,
      });
    } finally {
      clearTimeout(timer);
      record.endedAt = Date.now();
    }
  }

  /**
   * Polls until `probe` says done. The budget is progress, not time: the step fails once the probe's
   * progress figure has not grown for `stallMs` (named in `why`), so a slow machine that is still getting
   * somewhere is given the time it needs.
   */
  async until(
    name: string,
    probe: () => Promise<{ done: boolean; progress: number; figure: string }>,
    options: { stallMs: number; why: string; intervalMs?: number },
  ): Promise<void> {
    const record: StepRecord = { name, startedAt: Date.now() };
    this.steps.push(record);
    let best = -Infinity;
    let movedAt = Date.now();
    try {
      for (;;) {
        const { done, progress, figure } = await probe();
        this.figures[name] = figure;
        if (done) return;
        if (progress > best) {
          best = progress;
          movedAt = Date.now();
        } else if (Date.now() - movedAt > options.stallMs) {
          throw new BudgetExceeded(
            this.report(
              `gave up waiting for ${name}: ${figure}, no progress for ${seconds(Date.now() - movedAt)} (${options.why})`,
            ),
          );
        }
        await new Promise((r) => setTimeout(r, options.intervalMs ?? 1000));
      }
    } finally {
      record.endedAt = Date.now();
    }
  }

  /** One line: the figures and each step's duration, for the test's own log. */
  summary(): string {
    const steps = this.steps.map((s) => `${s.name} ${seconds((s.endedAt ?? Date.now()) - s.startedAt)}`);
    return `${this.test}: ${JSON.stringify(this.figures)}; steps: ${steps.join(", ")}; total ${seconds(Date.now() - this.started)}`;
  }

  /** A failure's words: what it was waiting for, the steps done and their durations, the figures so far. */
  report(headline: string): string {
    this.reported = true;
    const open = this.steps
      .filter((s) => s.endedAt === undefined)
      .map((s) => `${s.name} (for ${seconds(Date.now() - s.startedAt)})`);
    return [
      `${this.test}: ${headline}`,
      `  waiting for: ${open.length ? open.join(", ") : "nothing (between steps)"}`,
      `  steps: ${this.steps.map((s) => `${s.name} ${s.endedAt === undefined ? "unfinished" : seconds(s.endedAt - s.startedAt)}`).join(", ") || "none"}`,
      `  figures so far: ${JSON.stringify(this.figures)}`,
      `  elapsed: ${seconds(Date.now() - this.started)}`,
    ].join("\n");
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
