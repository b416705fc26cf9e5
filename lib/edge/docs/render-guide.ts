import { readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const html = this.parser.parseInline(tokens);
      return `<h${depth} id="${slug(html)}">${html}</h${depth}>\n`;
    },
  },
});

type Guide = { html: string; toc: { id: string; title: string }[] };
let rendered: Promise<Guide> | undefined;

/** Markdown of ours (trusted) as HTML with linkable headings, and its table of contents (level-2 headings). */
export async function renderMarkdown(source: string): Promise<Guide> {
  const toc = [...source.matchAll(/^## (.+)$/gm)].map((m) => ({ id: slug(m[1]!), title: m[1]!.replace(/`/g, "") }));
  return { html: await marked.parse(source.replace(/^# .+\n/, "")), toc };
}

async function render(): Promise<Guide> {
  return renderMarkdown(await readFile(path.join(process.cwd(), "docs/integration.md"), "utf8"));
}

/**
 * docs/integration.md as HTML with linkable headings; the file is ours, so its HTML is trusted. Rendered
 * once per production process; in development on every request, so edits show at once.
 */
export function renderGuide(): Promise<Guide> {
  if (process.env.NODE_ENV !== "production") return render();
  rendered ??= render().catch((error: unknown) => {
    rendered = undefined;
    throw error;
  });
  return rendered;
}
