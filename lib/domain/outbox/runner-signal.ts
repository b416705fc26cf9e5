// Route handlers (bundled by Next) and the in-process runner (loaded by scripts/server.ts) are separate
// module instances in one process; globalThis is what they share.
const key = Symbol.for("pis.in-process-runner.wake");

type Holder = { [key]?: () => void };

export function setRunnerWake(wake: (() => void) | undefined): void {
  (globalThis as Holder)[key] = wake;
}

export function wakeRunner(): void {
  (globalThis as Holder)[key]?.();
}
