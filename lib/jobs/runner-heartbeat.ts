const key = Symbol.for("pis.in-process-runner.heartbeat");
type Holder = { [key]?: number };

/** The in-process runner beats once per loop; /api/ready reads it (shared through globalThis). */
export function beat(): void {
  (globalThis as Holder)[key] = Date.now();
}

export function lastBeat(): number | undefined {
  return (globalThis as Holder)[key];
}
