/**
 * A CPU profile of part of a bench process's run (`node --cpu-prof` covers the whole process, its setup
 * included): started here, written to `file` on stop, readable with scripts/bench/profile-top.ts. Without a
 * file nothing is started and stop does nothing.
 */
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";

export async function profileWindow(file: string | undefined): Promise<{ stop: () => Promise<void> }> {
  if (!file) return { stop: async () => {} };
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  return {
    stop: async () => {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
