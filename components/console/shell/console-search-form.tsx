import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";

/**
 * The console's one search box: a plain GET to the transactions explorer, whose `q` matches tracking codes,
 * customers' names, usernames, user ids, emails and IBANs, and which only ever reads the operator's own
 * tenant (the explorer's scope). Works without JavaScript.
 */
export function ConsoleSearchForm({ t, defaultValue = "" }: { t: ConsoleMessages; defaultValue?: string }) {
  const words = t.nav.search;
  return (
    <form method="get" action="/console/transactions" role="search" aria-label={words.label} className="flex flex-col gap-2 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-3">
        <TextField label={words.field} name="q" defaultValue={defaultValue} placeholder={words.placeholder} className="min-w-0 flex-1 basis-64" />
        <Button type="submit">{words.submit}</Button>
      </div>
      <p className="text-xs text-slate-600">{words.hint}</p>
    </form>
  );
}
