import { useEffect, useRef, useState, type FormEvent } from 'react';
import { hasErrors, type FieldErrors } from '../../shared/rules/types.ts';
import { visibleError } from './error-display.tsx';
import { focusFirstInvalid } from './focus-first-invalid.ts';

/** A form's values by field name, as typed (a field the form does not have is undefined). */
export type FormValues<Name extends string> = Partial<Record<Name, string>>;

interface FormState {
  errors: FieldErrors;
  touched: ReadonlySet<string>;
  modified: ReadonlySet<string>;
  submitFailed: boolean;
  submitting: boolean;
  /** Counts the submits the rules refused: each moves the focus to the first field in error. */
  refused: number;
}

const START: FormState = { errors: {}, touched: new Set(), modified: new Set(), submitFailed: false, submitting: false, refused: 0 };

function valuesOf<Name extends string>(form: HTMLFormElement, names: readonly Name[]): FormValues<Name> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, data.get(name) ?? undefined])) as FormValues<Name>;
}

/**
 * A form whose inputs keep their own values, read with FormData: the login screen's forms, which
 * come with the first page and do without react-final-form. It checks the values with the same
 * rules (shared/rules) and shows an error by the same rule (error-display.tsx) as the other
 * forms: once its field was changed and left, or after a submit, then at every keystroke; a
 * refused submit puts the focus on the first field in error. `onSubmit` gets the values that
 * passed the rules, and `clear` to empty a field the server refused.
 */
export function useNativeForm<Name extends string>(
  names: readonly Name[],
  validate: (values: FormValues<Name>) => FieldErrors,
  onSubmit: (values: FormValues<Name>, form: { clear: (name: Name) => void }) => Promise<unknown>,
) {
  const ref = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>(START);

  useEffect(() => {
    if (state.refused > 0) focusFirstInvalid(ref.current);
  }, [state.refused]);

  /** The rules' verdict on the values now in the form, with what the member did to `name`. */
  const note = (name: string, mark: 'touched' | 'modified') => {
    if (!ref.current || !(names as readonly string[]).includes(name)) return;
    const errors = validate(valuesOf(ref.current, names));
    setState((now) => ({ ...now, errors, [mark]: new Set(now[mark]).add(name) }));
  };

  /** Empties `name` as if it had never been used, and gives it the focus (a refused password). */
  const clear = (name: Name) => {
    const form = ref.current;
    const input = form?.elements.namedItem(name);
    if (!form || !(input instanceof HTMLInputElement)) return;
    input.value = '';
    input.focus();
    const errors = validate(valuesOf(form, names));
    setState((now) => {
      const touched = new Set(now.touched);
      const modified = new Set(now.modified);
      touched.delete(name);
      modified.delete(name);
      return { ...now, touched, modified, errors };
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.submitting) return;
    const values = valuesOf(event.currentTarget, names);
    const errors = validate(values);
    if (hasErrors(errors)) {
      setState((now) => ({ ...now, errors, submitFailed: true, touched: new Set(names), refused: now.refused + 1 }));
      return;
    }
    setState((now) => ({ ...now, errors, submitting: true }));
    try {
      await onSubmit(values, { clear });
    } finally {
      setState((now) => ({ ...now, submitFailed: false, submitting: false }));
    }
  };

  return {
    /** Spread on the <form>: change and focus-out events bubble up to it from every input. */
    formProps: {
      ref,
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
      onChange: (event: FormEvent<HTMLFormElement>) => note((event.target as HTMLInputElement).name, 'modified'),
      onBlur: (event: FormEvent<HTMLFormElement>) => note((event.target as HTMLInputElement).name, 'touched'),
    },
    submitting: state.submitting,
    /** The rule code to show under `name` now, if any. */
    errorOf: (name: Name): string | undefined =>
      visibleError({
        error: state.errors[name],
        touched: state.touched.has(name),
        modified: state.modified.has(name),
        submitFailed: state.submitFailed,
      }),
    /** What the form holds now. */
    values: (): FormValues<Name> => (ref.current ? valuesOf(ref.current, names) : {}),
  };
}
