const key = Symbol.for("pis.in-process-runner.heartbeat");
type Pulse = { at: number; ok: boolean };
type Holder = { [key]?: Pulse };

/**
 * The in-process runner beats when a tick starts (keeping the last result) and when it ends (with whether
 * it succeeded); /api/ready reads it, shared through globalThis.
 */
export function beat(ok?: boolean): void {
  const holder = globalThis as Holder;
  holder[key] = { at: Date.now(), ok: ok ?? holder[key]?.ok ?? true };
}

export function lastBeat(): Pulse | undefined {
  return (globalThis as Holder)[key];
}
