import { startPaytrSimulator } from "./server";

/**
 * Runs the PayTR simulator by itself: `node --import tsx e2e/simulators/paytr/main.ts --port N [--notify URL]`
 * (port 0 or none: any free port). Prints its URL and one store's credentials (its notification URL set to
 * --notify when given); stops when its parent process exits.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const port = Number(arg("--port") ?? 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("usage: main.ts --port N [--notify URL]");
  process.exit(2);
}

const simulator = await startPaytrSimulator({ port, retryEveryMs: 5_000 });
const store = simulator.addMerchant();
const notify = arg("--notify");
if (notify) simulator.setNotificationUrl(store.merchantId, notify);
console.log(JSON.stringify({ url: simulator.url, ...store, notificationUrl: notify ?? null }));

const parent = process.ppid;
const stop = () => void simulator.stop().finally(() => process.exit(0));
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
process.on("disconnect", stop);
