import { Fragment } from 'react';

/**
 * An e-mail address in running text. A phone's line may be narrower than the address: it then
 * wraps once, after the @, so the mailbox and the domain each stay whole ("ada.garcia.es@" over
 * "example.com", never "ada.garcia" over ".es@example.com"); a part still too long for a line
 * wraps anywhere as a last resort (.email-address).
 */
export function EmailAddress({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return <strong className="email-address">{value}</strong>;
  return (
    <strong className="email-address">
      <Fragment>{value.slice(0, at + 1)}</Fragment>
      <wbr />
      {value.slice(at + 1)}
    </strong>
  );
}
