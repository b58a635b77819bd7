/**
 * The required-field marker after a label. A no-break space glues the asterisk to the label's
 * last word, so it never starts a line of its own (CJK labels may break between any two characters).
 */
export function RequiredMark() {
  return <span aria-hidden="true">{'\u00a0*'}</span>;
}
