import { startNowpaymentsSimulator } from "./server";

/**
 * Runs the NOWPayments simulator on its own: `node --import tsx e2e/simulators/nowpayments/main.ts --port N`.
 * Prints its base URL; exits when its parent process does (or on SIGTERM/SIGINT).
 */
const portArg = process.argv.indexOf("--port");
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 0;
const parent = process.ppid;

startNowpaymentsSimulator({ port }).then((sim) => {
  process.stdout.write(`${sim.url}\n`);
  const stop = () => void sim.stop().finally(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Polls the parent: when it is gone (kill(pid, 0) throws), the simulator goes with it.
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 1000);
});
