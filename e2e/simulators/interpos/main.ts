import { startInterposSimulator } from "./server";

/**
 * The InterVPOS simulator as a process: `node --import tsx e2e/simulators/interpos/main.ts --port 4530`.
 * Listens on 127.0.0.1 only and exits when its parent does (the parent is probed with signal 0).
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 0;

const parent = process.ppid;
const sim = await startInterposSimulator({ port });
process.stdout.write(`InterVPOS simulator: 3DHost ${sim.gatewayUrl} api ${sim.apiUrl}\n`);

const watch = setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    void sim.stop().then(() => process.exit(0));
  }
}, 1000);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    clearInterval(watch);
    void sim.stop().then(() => process.exit(0));
  });
}
