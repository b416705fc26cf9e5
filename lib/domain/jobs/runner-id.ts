import { randomBytes } from "node:crypto";
import { hostname } from "node:os";

let id: string | undefined;

/** Identifies this process in delivery leases (host, pid and a random part). */
export function runnerId(): string {
  id ??= `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  return id;
}
