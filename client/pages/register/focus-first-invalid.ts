/**
 * Moves focus to the first field with a visible error, so keyboard and screen-reader users
 * land on what needs fixing. Radio groups mark their fieldset; their first option gets focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], fieldset.radio-group[aria-describedby]');
  if (!target) return;
  const focusable = target.matches('fieldset') ? target.querySelector<HTMLElement>('input') : target;
  focusable?.focus();
}
