/**
 * Counts and times every statement this process sends through `pg` (Prisma's adapter included) until
 * stopped: what a piece of work costs the database in round trips, measured at the driver. For benches
 * only: it replaces pg.Client#query for the while.
 */
import pg from "pg";

type Sent = { count: number; ms: number; byKind: Record<string, number> };

/** The statement's first word (SELECT, INSERT, WITH, BEGIN, COMMIT...): enough to tell the kinds apart. */
export function statementKind(text: string): string {
  return /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "other";
}

export function countStatements(): { stop: () => Sent } {
  const sent: Sent = { count: 0, ms: 0, byKind: {} };
  const original = pg.Client.prototype.query;
  const counting = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string } | undefined;
    const text = typeof config === "string" ? config : (config?.text ?? "");
    const kind = statementKind(text);
    sent.count++;
    sent.byKind[kind] = (sent.byKind[kind] ?? 0) + 1;
    const started = performance.now();
    const done = () => (sent.ms += performance.now() - started);
    // pg.Pool#query hands its client a callback; Prisma's adapter awaits the promise form.
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...r: unknown[]) => unknown)(...results);
      };
    }
    const result = (original as (...a: unknown[]) => unknown).apply(this, args);
    if (typeof last !== "function" && result && typeof (result as Promise<unknown>).then === "function")
      void (result as Promise<unknown>).then(done, done);
    return result;
  };
  pg.Client.prototype.query = counting as typeof original;
  return {
    stop: () => {
      pg.Client.prototype.query = original;
      return sent;
    },
  };
}
