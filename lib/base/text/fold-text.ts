/**
 * Text folded for matching names the way people type them and banks print them: "AYŞE YILMAZ", "Ayse
 * Yilmaz" and "ayşe yılmaz" all fold to "ayse yilmaz". Turkish letters become their ASCII base (ı, I and İ
 * become i, so Turkish case rules hold whatever the reader's locale), a few other accented Latin letters
 * likewise, and ASCII letters become lower case. Every other character stays as it is.
 *
 * The database folds the same way (the SQL function search_fold, which fills transactions.search_name and
 * its trigram index): the letter pairs below are the ones its translate() lists, and lower() there works
 * under the "C" collation, which lowers ASCII letters only, as this does. e2e/integration/search-folding
 * checks that both give the same text.
 */
export const FOLDED_LETTERS: readonly (readonly [string, string])[] = [
  ["İ", "i"],
  ["I", "i"],
  ["ı", "i"],
  ["Ş", "s"],
  ["ş", "s"],
  ["Ğ", "g"],
  ["ğ", "g"],
  ["Ü", "u"],
  ["ü", "u"],
  ["Ö", "o"],
  ["ö", "o"],
  ["Ç", "c"],
  ["ç", "c"],
  ["Â", "a"],
  ["â", "a"],
  ["Î", "i"],
  ["î", "i"],
  ["Û", "u"],
  ["û", "u"],
  ["Ä", "a"],
  ["ä", "a"],
  ["Á", "a"],
  ["á", "a"],
  ["À", "a"],
  ["à", "a"],
  ["É", "e"],
  ["é", "e"],
  ["È", "e"],
  ["è", "e"],
  ["Ê", "e"],
  ["ê", "e"],
  ["Ë", "e"],
  ["ë", "e"],
  ["Í", "i"],
  ["í", "i"],
  ["Ï", "i"],
  ["ï", "i"],
  ["Ó", "o"],
  ["ó", "o"],
  ["Ô", "o"],
  ["ô", "o"],
  ["Ú", "u"],
  ["ú", "u"],
  ["Ñ", "n"],
  ["ñ", "n"],
];

const FOLD = new Map(FOLDED_LETTERS);
// The composed forms only: a name typed as "s" plus a combining cedilla is composed first (NFC).
const LETTER = new RegExp(`[${FOLDED_LETTERS.map(([from]) => from).join("")}A-Z]`, "g");

/** The folded text, character for character (search_fold in SQL gives the same for composed text). */
export function foldText(text: string): string {
  return text.replace(LETTER, (c) => FOLD.get(c) ?? c.toLowerCase());
}

/**
 * A person's name for comparing: composed (NFC), folded, and its words separated by single spaces, so
 * "AYSE  YILMAZ" from a bank statement and "Ayşe Yılmaz" from a site are the same name.
 */
export function foldName(name: string): string {
  return foldText(name.normalize("NFC")).replace(/\s+/g, " ").trim();
}
