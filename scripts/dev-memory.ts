/**
 * The development server's memory bound. Next's webpack compiler and development renderer keep memory they
 * never give back while pages are browsed (tens of MB a minute on the console: `npm run heap:browse`), so a
 * development server left running reached Node's heap limit and died. Next's own `next dev` answers this by
 * restarting its server process once the heap passes 80% of its limit; `npm run dev` (scripts/server.ts, on
 * Next's API) does the same: in development it serves from one worker process under a primary that owns the
 * database, and the worker, past the mark, finishes its requests and exits with RESTART_EXIT_CODE; the primary
 * starts another (scripts/server-cluster.ts). Production never restarts on memory.
 */
export const RESTART_EXIT_CODE = 77;

/** The share of the heap limit past which the development worker restarts (Next's `next dev` uses 0.8). */
const DEFAULT_RATIO = 0.8;

type HeapFigures = { used_heap_size: number; heap_size_limit: number };

export function devRestartRatio(env: Record<string, string | undefined> = process.env): number {
  const given = Number(env.DEV_HEAP_RESTART_RATIO);
  return given > 0 && given <= 1 ? given : DEFAULT_RATIO;
}

export function devHeapRestartDue(heap: HeapFigures, ratio: number): boolean {
  return heap.used_heap_size > ratio * heap.heap_size_limit;
}
