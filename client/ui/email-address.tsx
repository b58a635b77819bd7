/**
 * An e-mail address in running text. A phone's line may be narrower than the address: it then
 * wraps once, after the @, so the mailbox and the domain each stay whole ("ada.garcia.es@" over
 * "example.com", never "ada.garcia" over ".es@example.com"). Each part is laid out as one
 * unit (.email-address__part): it moves to the next line whole, and wraps inside only when it
 * alone is wider than the line.
 */
export function EmailAddress({ value }: { value: string }) {
  const at = value.lastIndexOf('@');
  if (at <= 0) return <strong className="email-address">{value}</strong>;
  return (
    <strong className="email-address">
      <span className="email-address__part">{value.slice(0, at + 1)}</span>
      <wbr />
      <span className="email-address__part">{value.slice(at + 1)}</span>
    </strong>
  );
}
