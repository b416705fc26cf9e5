import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { classifyFetchFailure, describeFetchFailure, hostOf, networkFailureIn } from "./fetch-failure";

const failureOf = (url: string, init?: RequestInit) =>
  fetch(url, init).then(
    () => null,
    (error: unknown) => error,
  );
const closers: Array<() => void> = [];

/** A port nothing listens on: one the system just handed out, closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
afterAll(() => closers.forEach((close) => close()));

describe("why a call got no answer", () => {
  it("a closed port is a refused connection, named with its host and port", async () => {
    const port = await closedPort();
    const failure = describeFetchFailure(
      await failureOf(`http://127.0.0.1:${port}/api`),
      `http://127.0.0.1:${port}/api`,
    );
    expect(failure).toEqual({
      cause: "refused",
      code: "ECONNREFUSED",
      host: `127.0.0.1:${port}`,
      text: `127.0.0.1:${port}: the connection was refused (nothing listens on that port: ECONNREFUSED)`,
    });
  });

  it("a server that never answers is a timeout, said with the time waited", async () => {
    const silent = createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => silent.once("listening", resolve));
    closers.push(() => silent.close());
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
    const failure = describeFetchFailure(await failureOf(url, { signal: AbortSignal.timeout(200) }), url, 200);
    expect(failure).toMatchObject({
      cause: "timeout",
      text: expect.stringMatching(/: no answer within 0\.2 s \(timeout\)$/),
    });
  });

  it("a TLS handshake that fails (https to a plain-http port, a certificate not trusted) is a TLS error", async () => {
    const plain = createServer((socket) => socket.end("HTTP/1.1 200 OK\r\n\r\n")).listen(0, "127.0.0.1");
    await new Promise((resolve) => plain.once("listening", resolve));
    closers.push(() => plain.close());
    const url = `https://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
    expect(classifyFetchFailure(await failureOf(url))).toMatchObject({
      cause: "tls",
      code: expect.stringMatching(/^ERR_SSL_|^EPROTO$/),
    });
  });

  it("a server that closes the connection without answering is a reset", async () => {
    const rude = createServer((socket) => socket.destroy()).listen(0, "127.0.0.1");
    await new Promise((resolve) => rude.once("listening", resolve));
    closers.push(() => rude.close());
    const url = `http://127.0.0.1:${(rude.address() as AddressInfo).port}/`;
    expect(classifyFetchFailure(await failureOf(url)).cause).toBe("reset");
  });

  it(
    "reads undici's shapes: a DNS failure, a self-signed certificate, a connect timeout, happy eyeballs' " +
      "AggregateError",
    () => {
      const wrapped = (cause: unknown) => Object.assign(new TypeError("fetch failed"), { cause });
      const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
      expect(classifyFetchFailure(wrapped(coded("getaddrinfo ENOTFOUND pos.invalid", "ENOTFOUND")))).toEqual({
        cause: "dns",
        code: "ENOTFOUND",
      });
      expect(classifyFetchFailure(wrapped(coded("getaddrinfo EAI_AGAIN pos.example", "EAI_AGAIN")))).toEqual({
        cause: "dns",
        code: "EAI_AGAIN",
      });
      expect(classifyFetchFailure(wrapped(coded("self-signed certificate", "DEPTH_ZERO_SELF_SIGNED_CERT")))).toEqual({
        cause: "tls",
        code: "DEPTH_ZERO_SELF_SIGNED_CERT",
      });
      expect(
        classifyFetchFailure(wrapped(coded("Hostname/IP does not match", "ERR_TLS_CERT_ALTNAME_INVALID"))),
      ).toEqual({
        cause: "tls",
        code: "ERR_TLS_CERT_ALTNAME_INVALID",
      });
      expect(classifyFetchFailure(wrapped(coded("Connect Timeout Error", "UND_ERR_CONNECT_TIMEOUT")))).toEqual({
        cause: "timeout",
        code: "UND_ERR_CONNECT_TIMEOUT",
      });
      const both = Object.assign(
        new AggregateError([
          coded("connect ECONNREFUSED ::1:443", "ECONNREFUSED"),
          coded("connect ECONNREFUSED 127.0.0.1:443", "ECONNREFUSED"),
        ]),
        { code: "ECONNREFUSED" },
      );
      expect(classifyFetchFailure(wrapped(both))).toEqual({ cause: "refused", code: "ECONNREFUSED" });
      expect(classifyFetchFailure(wrapped(new Error("bad port")))).toEqual({ cause: "network", code: "bad port" });
      expect(
        describeFetchFailure(
          wrapped(coded("getaddrinfo ENOTFOUND pos.invalid", "ENOTFOUND")),
          "https://pos.invalid/fim/api",
        ).text,
      ).toBe("pos.invalid:443: the host name was not found (DNS ENOTFOUND)");
    },
  );

  it("names the port a URL leaves out", () => {
    expect(hostOf("https://pos.example/fim/api")).toBe("pos.example:443");
    expect(hostOf("http://pos.example/x")).toBe("pos.example:80");
    expect(hostOf("http://127.0.0.1:8443/x")).toBe("127.0.0.1:8443");
  });
});

describe("networkFailureIn", () => {
  it("reads back the cause and host of a message built with describeFetchFailure's text, and nothing else", () => {
    const dns = describeFetchFailure(Object.assign(new Error("x"), { code: "ENOTFOUND" }), "https://pos.invalid/api");
    expect(networkFailureIn(`Garanti API could not be reached at ${dns.text}`)).toEqual({
      cause: "dns",
      host: "pos.invalid:443",
    });
    const refused = describeFetchFailure(Object.assign(new Error("y"), { code: "ECONNREFUSED" }), "http://127.0.0.1:9");
    expect(networkFailureIn(`EST API could not be reached at ${refused.text}`)).toEqual({
      cause: "refused",
      host: "127.0.0.1:9",
    });
    expect(networkFailureIn("The Garanti API refused the request: 99 0002 bad user")).toBeNull();
  });
});
