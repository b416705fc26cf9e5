import { notFound } from "next/navigation";

/** Anything below a payment link is a mistyped link: the payment pages' own not-found page answers. */
export default function UnknownPaymentPath() {
  notFound();
}
