import { startPayflexCpSimulator } from "./server";

/**
 * The PayFlex Common Payment simulator as a process: `node --import tsx e2e/simulators/payflex-cp/main.ts --port 4530`.
 * Listens on 127.0.0.1 only, starts with one merchant (printed), and exits when its parent does (probed with signal 0).
 */
const portFlag = process.argv.indexOf("--port");
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : 0;

const parent = process.ppid;
const sim = await startPayflexCpSimulator({ port });
const merchant = sim.addMerchant();
process.stdout.write(
  `PayFlex CP simulator: register ${sim.gatewayUrl} query ${sim.apiUrl} vpos ${sim.vposApiUrl} search ${sim.queryUrl}\n` +
    `merchant ${merchant.merchantId} terminal ${merchant.terminalId} password ${merchant.password}\n`,
);

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
