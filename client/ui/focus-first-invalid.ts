import type { FormEvent } from 'react';

/** What marks a part of a form that needs attention: an invalid input, a radio group or multi-select with a message. */
const NEEDS_ATTENTION = '[aria-invalid="true"], fieldset.radio-group[aria-describedby], .checkbox-tree.is-invalid legend';

/**
 * Moves focus to the first field with a visible error, so keyboard and screen-reader users
 * land on what needs fixing. A radio group's first option gets the focus.
 */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>(NEEDS_ATTENTION);
  const focusable = target?.matches('fieldset') ? target.querySelector<HTMLElement>('input') : target;
  focusable?.focus();
}

/**
 * react-final-form's handleSubmit, then the focus on the first field that needs attention: after
 * the render that shows the form's own errors, and again once the server's field errors (the
 * submit errors onSubmit returned) are shown.
 */
export function submitWithFocus(event: FormEvent<HTMLFormElement>, handleSubmit: (event: FormEvent<HTMLFormElement>) => unknown) {
  const form = event.currentTarget;
  const result = handleSubmit(event);
  setTimeout(() => focusFirstInvalid(form));
  void Promise.resolve(result).then(() => setTimeout(() => focusFirstInvalid(form)));
  return result;
}
