import "./pay.css";

/** Payment pages: their own small stylesheet (pay.css), nothing of the console's. */
export default function PayLayout({ children }: { children: React.ReactNode }) {
  return children;
}
