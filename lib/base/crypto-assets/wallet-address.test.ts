import { describe, expect, it } from "vitest";
import { isValidWalletAddress, networkOf } from "./wallet-address";

describe("wallet addresses", () => {
  it("Tron addresses are base58check with the 0x41 prefix", () => {
    expect(isValidWalletAddress("TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isValidWalletAddress("TRX", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isValidWalletAddress("TRC20", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e")).toBe(false);
  });

  it("Ethereum addresses are 0x and 40 hex digits", () => {
    expect(isValidWalletAddress("ERC20", "0x742d35Cc6634C0532925a3b844Bc454e4438f44e")).toBe(true);
    expect(isValidWalletAddress("ETH", "0x742d35Cc6634C0532925a3b844Bc454e4438f44")).toBe(false);
    expect(isValidWalletAddress("ETH", "742d35Cc6634C0532925a3b844Bc454e4438f44e")).toBe(false);
  });

  it("Bitcoin addresses: base58 P2PKH/P2SH and bech32/bech32m", () => {
    expect(isValidWalletAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(true);
    expect(isValidWalletAddress("BTC", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe(true);
    expect(isValidWalletAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(true);
    expect(isValidWalletAddress("BTC", "bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297")).toBe(true);
    expect(isValidWalletAddress("BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBe(false);
    expect(isValidWalletAddress("BTC", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr")).toBe(false);
  });

  it("reads the network from crypto_type", () => {
    expect(networkOf("USDT-TRC20")).toBe("TRC20");
    expect(networkOf("BTC")).toBe("BTC");
    expect(networkOf("DOGE")).toBeNull();
  });
});
