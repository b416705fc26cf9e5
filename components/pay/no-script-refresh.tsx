const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A page that waits for someone else (the bank, the acquirer, a gateway) says it updates itself: with scripts
 * it polls; without them this reloads it every 15 seconds (a meta refresh inside <noscript>, so a scripted
 * page never reloads) and offers a "check again" link. Written as the element's HTML: React neither hydrates
 * nor hoists what is inside a <noscript>.
 */
export function NoScriptRefresh({ href, checkAgain, note }: { href: string; checkAgain: string; note: string }) {
  const html =
    `<meta http-equiv="refresh" content="15"><p class="text-center text-sm text-slate-700"><a ` +
    `class="font-semibold text-brand-700 underline" href="${escape(href)}">${escape(checkAgain)}</a> · ` +
    `${escape(note)}</p>`;
  return <noscript dangerouslySetInnerHTML={{ __html: html }} />;
}
