/**
 * Words looked up by a key that arrives at run time (an acquirer's error code, an audit entity, a connector's
 * field): readable by any string (undefined when unknown), while each language's dictionary must still hold
 * every key the English one has, so a missing translation is a type error rather than an English word.
 */
export function wordMap<T extends Record<string, string>>(words: T): T & Record<string, string> {
  return words;
}
