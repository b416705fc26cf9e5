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

/** docs/integration.md as HTML with linkable headings; the file is ours, so its HTML is trusted. */
export async function renderGuide(): Promise<{ html: string; toc: { id: string; title: string }[] }> {
  const source = await readFile(path.join(process.cwd(), "docs/integration.md"), "utf8");
  const toc = [...source.matchAll(/^## (.+)$/gm)].map((m) => ({ id: slug(m[1]!), title: m[1]!.replace(/`/g, "") }));
  return { html: await marked.parse(source.replace(/^# .+\n/, "")), toc };
}
