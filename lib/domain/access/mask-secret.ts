/**
 * The hint shown after a secret's one-time display: its prefix and last four characters, enough to tell
 * which key an integrator holds without revealing it.
 */
export function maskSecret(secret: string): string {
  const prefix = /^[a-z]{2}_/.exec(secret)?.[0] ?? "";
  return `${prefix}••••••••${secret.slice(-4)}`;
}
