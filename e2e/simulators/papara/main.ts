import { startPaparaSimulator } from "./server";

/**
 * Runs the Papara simulator by itself: `node --import tsx e2e/simulators/papara/main.ts --port N` (port 0 or
 * none: any free port). Prints its URL and keys; stops when its parent process exits.
 */
const portArg = process.argv.indexOf("--port");
const port = portArg >= 0 ? Number(process.argv[portArg + 1]) : 0;
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("usage: main.ts --port N");
  process.exit(2);
}

const simulator = await startPaparaSimulator({ port, retryEveryMs: 5_000 });
console.log(
  JSON.stringify({ url: simulator.url, apiKey: simulator.apiKey, merchantSecretKey: simulator.merchantSecretKey }),
);

const parent = process.ppid;
const stop = () => void simulator.stop().finally(() => process.exit(0));
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
