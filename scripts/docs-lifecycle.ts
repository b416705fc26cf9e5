/** `npm run docs:lifecycle`: writes docs/lifecycle.md from the payment-method table. */
import { writeFileSync } from "node:fs";
import { renderLifecycleDoc } from "../lib/domain/payment-methods/render-lifecycle";

writeFileSync("docs/lifecycle.md", renderLifecycleDoc());
console.log("docs/lifecycle.md written");
