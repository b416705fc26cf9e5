import { Button } from "@/components/ui/button";
import type { ConsoleMessages } from "@/lib/edge/i18n/console/messages";
import { SearchShortcut } from "./search-shortcut";

const INPUT_ID = "console-search";

/**
 * The console's one search box, in the header of every page: a plain GET to the search page, where an
 * identifier (tracking code, order id, gateway's or bank's reference, transfer or wallet id) opens what it names
 * and anything else lists the matching transactions, dealers, providers and sites, only ever within the
 * operator's own tenancy. Works without JavaScript; with it, "/" and Ctrl+K (⌘K) put the caret in it from
 * anywhere on the page.
 */
export function ConsoleSearchForm({ t }: { t: ConsoleMessages }) {
  const words = t.nav.search;
  return (
    <form
      method="get"
      action="/console/search"
      role="search"
      aria-label={words.label}
      className="flex w-full min-w-0 items-center gap-2 sm:w-auto sm:max-w-md sm:flex-1"
    >
      <label htmlFor={INPUT_ID} className="sr-only">
        {words.field}
      </label>
      <input
        id={INPUT_ID}
        name="q"
        type="search"
        placeholder={words.placeholder}
        aria-describedby={`${INPUT_ID}-hint`}
        aria-keyshortcuts="/ Control+K Meta+K"
        autoComplete="off"
        className={
          "min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 " +
          "shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
        }
      />
      <span id={`${INPUT_ID}-hint`} className="sr-only">
        {`${words.hint} ${words.spelling} ${words.shortcut}`}
      </span>
      <kbd
        aria-hidden="true"
        title={words.shortcut}
        className="hidden rounded border border-slate-300 px-1.5 font-mono text-xs text-slate-600 lg:inline"
      >
        /
      </kbd>
      <Button type="submit" className="px-3 py-1.5">
        {words.submit}
      </Button>
      <SearchShortcut inputId={INPUT_ID} />
    </form>
  );
}
