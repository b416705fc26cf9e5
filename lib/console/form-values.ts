/** Reading a server action's FormData; every value is untrusted, so ids come back null when malformed. */

export function formId(form: FormData, name = "id"): number | null {
  const raw = form.get(name);
  if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

export function formText(form: FormData, name: string): string {
  const raw = form.get(name);
  return typeof raw === "string" ? raw : "";
}

/** A checkbox: present ("on") when ticked. */
export function formFlag(form: FormData, name: string): boolean {
  return form.get(name) === "on";
}
