import { startAkbankPosSimulator } from "./server";

/**
 * The Akbank virtual POS simulator as a process: `node --import tsx e2e/simulators/akbank-pos/main.ts --port 4530`.
 * Listens on 127.0.0.1 only and exits when its parent does (process.ppid is read once at start in Node, so the
 * parent is probed with signal 0 instead).
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 0;

const parent = process.ppid;
const sim = await startAkbankPosSimulator({ port });
process.stdout.write(`Akbank POS simulator: payment page ${sim.gatewayUrl} api ${sim.apiUrl}\n`);

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
