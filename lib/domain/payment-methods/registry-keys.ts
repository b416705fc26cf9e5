import type { RegistryKey } from "@/lib/base/db/registry-keys";
import { METHODS, PAYMENT_METHODS, type MethodDefinition } from "./index";

/**
 * The registry's methods as payment_method_keys holds them: what every entry point that migrates passes to
 * applyMigrations, so the database accepts exactly the methods of the code it runs.
 */
export function registryKeys(): RegistryKey[] {
  return METHODS.map((key) => {
    const thirdParty = (PAYMENT_METHODS[key] as MethodDefinition).thirdParty;
    return { key, gatewayFamily: thirdParty?.gatewayMethod ?? null, accountShape: thirdParty?.shape ?? null };
  });
}
