import { findProviderContext, type AuthenticatedProvider } from "./find-provider-context";

export type { AuthenticatedProvider };

/** The provider an API key names, read as every provider request reads it (one mapping of its columns). */
export async function findProviderByApiKey(apiKey: string): Promise<AuthenticatedProvider | null> {
  return (await findProviderContext(apiKey, null))?.provider ?? null;
}
