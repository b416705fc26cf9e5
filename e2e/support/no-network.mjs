// Preloaded (NODE_OPTIONS=--import) into a process and its node children by tests that prove a step
// reaches no network: every connection or name lookup outside loopback is refused and written, one per
// line, to the file in NO_NETWORK_LOG.
import dns from "node:dns";
import fs from "node:fs";
import net from "node:net";

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/i;

function refuse(what) {
  if (process.env.NO_NETWORK_LOG) fs.appendFileSync(process.env.NO_NETWORK_LOG, `${process.pid} ${what}\n`);
  const error = new Error(`network access refused in this test: ${what}`);
  error.code = "ENETUNREACH";
  return error;
}

const originalLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
  const done = typeof options === "function" ? options : callback;
  if (!LOOPBACK.test(String(hostname))) return process.nextTick(done, refuse(`lookup ${hostname}`));
  return originalLookup.call(this, hostname, options, callback);
};
const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = function lookup(hostname, options) {
  if (!LOOPBACK.test(String(hostname))) return Promise.reject(refuse(`lookup ${hostname}`));
  return originalPromiseLookup.call(this, hostname, options);
};

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(...args) {
  const options =
    typeof args[0] === "object" && args[0] !== null
      ? Array.isArray(args[0])
        ? args[0][0]
        : args[0]
      : { port: args[0], host: args[1] };
  if (options && !options.path && options.host !== undefined && !LOOPBACK.test(String(options.host))) {
    const error = refuse(`connect ${options.host}:${options.port}`);
    process.nextTick(() => this.destroy(error));
    return this;
  }
  return originalConnect.apply(this, args);
};
