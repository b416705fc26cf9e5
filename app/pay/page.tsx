import { notFound } from "next/navigation";

/** /pay without a token leads nowhere: the payment pages' own not-found page answers. */
export default function PayIndex() {
  notFound();
}
