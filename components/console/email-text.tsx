import { Fragment } from "react";

/**
 * An email address that may break only where a reader expects it: before the "@" and after a dot or a
 * hyphen (a <wbr> each), never in the middle of a name ("break-all" split "ayse.yil|maz@…").
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=[.\-_])/);
  return (
    <span className="[overflow-wrap:normal] break-normal">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
