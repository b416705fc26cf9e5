import { createHash } from "node:crypto";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function base58Decode(text: string): Buffer | null {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    value = value * 58n + BigInt(digit);
  }
  const hex = value.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, "hex");
  const zeros = text.match(/^1*/)![0].length;
  return Buffer.concat([Buffer.alloc(zeros), value === 0n ? Buffer.alloc(0) : body]);
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest();

/** Base58Check: payload + first 4 bytes of double SHA-256. */
function base58Check(text: string, length: number, versions: number[]): boolean {
  const raw = base58Decode(text);
  if (!raw || raw.length !== length) return false;
  const payload = raw.subarray(0, -4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(raw.subarray(-4)) && versions.includes(payload[0]!);
}

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

function bech32Polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/** Segwit addresses (bc1...): bech32 for version 0, bech32m for later versions. */
function validBech32(address: string): boolean {
  const lower = address.toLowerCase();
  if (address !== lower && address !== address.toUpperCase()) return false;
  const pos = lower.lastIndexOf("1");
  if (pos < 1 || lower.length - pos < 7 || lower.length > 90) return false;
  const hrp = lower.slice(0, pos);
  if (hrp !== "bc") return false;
  const data = [...lower.slice(pos + 1)].map((c) => BECH32.indexOf(c));
  if (data.some((d) => d < 0)) return false;
  const expanded = [
    ...[...hrp].map((c) => c.charCodeAt(0) >> 5),
    0,
    ...[...hrp].map((c) => c.charCodeAt(0) & 31),
    ...data,
  ];
  const check = bech32Polymod(expanded);
  const version = data[0]!;
  return version === 0 ? check === 1 : check === 0x2bc830a3;
}

export type Network = "TRC20" | "TRX" | "ERC20" | "ETH" | "BTC";

/** The network a crypto_type names: "USDT-TRC20" -> TRC20, "ETH" -> ETH. */
export function networkOf(cryptoType: string): Network | null {
  const part = cryptoType.toUpperCase().split("-").at(-1)!;
  return (["TRC20", "TRX", "ERC20", "ETH", "BTC"] as const).find((n) => n === part) ?? null;
}

/** Tron (T..., base58check with 0x41), Ethereum (0x + 40 hex), Bitcoin (base58 1.../3... or bech32 bc1...). */
export function isValidWalletAddress(network: Network, address: string): boolean {
  switch (network) {
    case "TRC20":
    case "TRX":
      return /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) && base58Check(address, 25, [0x41]);
    case "ERC20":
    case "ETH":
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case "BTC":
      return /^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)
        ? base58Check(address, 25, [0x00, 0x05])
        : validBech32(address);
  }
}
