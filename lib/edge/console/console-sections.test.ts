import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CONSOLE_NAV, sectionRoles } from "@/components/console/console-nav";

const APP = "app/console/(app)";

/** A folder's pages and routes, its subfolders' too unless `shallow`. */
function filesUnder(dir: string, shallow = false): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const at = path.join(dir, entry);
    if (statSync(at).isDirectory()) return shallow ? [] : filesUnder(at);
    return /^(page\.tsx|route\.ts)$/.test(entry) ? [at] : [];
  });
}

const folderOf = (href: string) => path.join(APP, href.replace(/^\/console\/?/, ""));
/** A guard given roles written out where it is called, rather than read from the sidebar. */
const HAND_WRITTEN = /(requireConsoleUser|loadAccountPage|withConsoleUser)\(\s*\[|roles=\{\s*\[/;
/** A guard given a section's roles: the section it names. */
const GUARDED = /(?:(?:requireConsoleUser|loadAccountPage|withConsoleUser)\(|roles=\{)sectionRoles\("(\w+)"\)/g;

/**
 * A console page's roles are written once, in its sidebar entry (console-nav.ts): every page and export of a section
 * guards itself with that entry's roles, so what the sidebar offers a role and what the page lets it open agree.
 */
describe("the console's sections", () => {
  it.each(CONSOLE_NAV.map((item) => [item.key, item] as const))(
    "%s: every page and export under it is guarded with its sidebar entry's roles",
    (key, item) => {
      const files = filesUnder(folderOf(item.href), item.href === "/console");
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const guards = [...readFileSync(file, "utf8").matchAll(GUARDED)].map((m) => m[1]);
        expect(guards.length, `${file} has no guard reading its section's roles`).toBeGreaterThan(0);
        expect(new Set(guards), file).toEqual(new Set([key]));
      }
      expect(sectionRoles(key as never)).toEqual(item.roles);
    },
  );

  it("write no page's roles by hand", () => {
    expect(filesUnder(APP).filter((file) => HAND_WRITTEN.test(readFileSync(file, "utf8")))).toEqual([]);
  });
});
