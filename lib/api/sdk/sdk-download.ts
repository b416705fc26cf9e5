import packageJson from "@/package.json" with { type: "json" };
import { bundleSdk } from "./bundle-sdk";

let cached: Promise<string> | null = null;

/** The downloadable SDK file, built once per process from lib/api/sdk and the schemas. */
export async function sdkDownload(): Promise<Response> {
  cached ??= bundleSdk(packageJson.version).catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return new Response(await cached, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "content-disposition": 'attachment; filename="payment-sdk.ts"',
      "cache-control": "public, max-age=300",
    },
  });
}
