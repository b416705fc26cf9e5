import { z } from "zod";
import { parseIpRule } from "@/lib/base/ip/ip-list";
import { keyed } from "./validate";

export const MAX_WHITELIST_ENTRIES = 200;

/**
 * The console's whitelist editor: one IP or CIDR per line (commas also separate). Each bad entry is its
 * own message naming its line, so the operator can fix them all in one go. Duplicates are dropped.
 */
export const ipWhitelistTextSchema = z.string({ error: "the IP whitelist must be text" }).transform((text, ctx) => {
  const entries: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    for (const raw of line.split(",")) {
      const entry = raw.trim();
      if (!entry) continue;
      if (parseIpRule(entry) === null)
        ctx.addIssue({
          code: "custom",
          message: `line ${index + 1}: "${entry}" is not a valid IP address or CIDR range`,
          params: keyed("ipLine", { line: index + 1, entry }),
        });
      else if (!entries.includes(entry)) entries.push(entry);
    }
  });
  if (entries.length > MAX_WHITELIST_ENTRIES)
    ctx.addIssue({
      code: "custom",
      message: `the IP whitelist may hold at most ${MAX_WHITELIST_ENTRIES} entries`,
      params: keyed("ipTooMany", { count: MAX_WHITELIST_ENTRIES }),
    });
  return entries;
});
