/** The embedded cluster's credentials and address: apart from the cluster itself, which loads its binaries. */
export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "postgres";

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}
