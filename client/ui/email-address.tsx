import { Fragment } from 'react';

/**
 * An e-mail address in running text. A phone's line may be narrower than the address: it may
 * then wrap after the @ and before a dot, where style guides break addresses, and anywhere at all
 * only when a part is still too long (.email-address).
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <strong className="email-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </strong>
  );
}
