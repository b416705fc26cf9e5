/**
 * A sentence that ends in a name ends with one full stop: "Operated by Demo A.Ş." (a company's own abbreviation
 * already ends it), never "A.Ş..".
 */
export function fullStop(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
