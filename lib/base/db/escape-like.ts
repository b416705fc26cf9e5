/**
 * Prisma hands contains/startsWith to LIKE without escaping; usernames and labels often hold "_", which
 * must match itself, and a "%" typed in a search box must not match everything.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
