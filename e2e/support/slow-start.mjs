// Loaded with `node --import` before a test server's own code when SLOW_SERVER_START_MS is set: holds the
// start back by that many milliseconds, as a machine too busy to start the server in time would.
const ms = Number(process.env.SLOW_SERVER_START_MS || 0);
if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
