import { startPartnerSimulator } from "./server";

export type GatewaySimulatorOptions = {
  secret: string;
  /** Slow-gateway mode: the first `slowCalls` deposit orders are answered only after `delayMs`. */
  slowCalls?: number;
  delayMs?: number;
};

/**
 * A crypto gateway speaking the http-partner protocol: it opens one order per clientRef (a repeated order
 * gets the same reference and address back, as the protocol's partners deduplicate) and, in slow-gateway
 * mode, answers the first orders later than the service waits, so the page sees a timeout first.
 */
export function startGatewaySimulator({ secret, slowCalls = 0, delayMs = 0 }: GatewaySimulatorOptions) {
  let deposits = 0;
  return startPartnerSimulator(secret, (call) => {
    if (!call.path.endsWith("/deposits")) return { status: 200, body: { success: true } };
    deposits += 1;
    const clientRef = String(call.body.clientRef);
    const body = {
      gatewayReference: `SIM-${clientRef}`,
      instructions: {
        kind: "crypto",
        network: "TRC20",
        cryptoType: String(call.body.cryptoType ?? "USDT-TRC20"),
        address: "TSimu1atedAddre55forTests0000000001",
        coinAmount: "42.00",
        reference: clientRef,
      },
    };
    return { status: 200, body, delayMs: deposits <= slowCalls ? delayMs : 0 };
  });
}
