import "../globals.css";

/** The sandbox pages (bank, acquirer, gateways) use the console's stylesheet. */
export default function SandboxLayout({ children }: { children: React.ReactNode }) {
  return children;
}
