/** A configuration with one key left out: the wrong configurations the "configure" journey must see refused by name. */
export function without(config: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([name]) => name !== key));
}
