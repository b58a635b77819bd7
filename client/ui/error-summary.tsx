import { useEffect, useId, useRef, useState } from 'react';
import { useFormState } from 'react-final-form';
import { useTranslation } from 'react-i18next';

interface Problem {
  /** The form field (data-field) the entry leads to. */
  name: string;
  label: string;
}

const CONTROL = 'input:not([type=hidden]), select, textarea, button, [tabindex]';

/** The field's own name for the list: a short name it gives (a long consent), else its label or legend. */
function labelOf(field: HTMLElement): string {
  const short = field.dataset.summaryLabel;
  if (short) return short;
  const label = field.querySelector('.field__label, legend, label');
  const optional = label?.querySelector('.field__optional')?.textContent ?? '';
  return (label?.textContent ?? '').replace(optional, '').trim();
}

/** What the page shows under each field right now, in the order of the form. */
function problemsIn(form: HTMLFormElement): Problem[] {
  return [...form.querySelectorAll<HTMLElement>('[data-field]')].flatMap((field) => {
    const shown = field.querySelector('.field__error') !== null;
    return shown ? [{ name: field.dataset.field ?? '', label: labelOf(field) }] : [];
  });
}

/** Field names are the form's own identifiers (no quotes), so they go into the selector as they are. */
function focusField(form: HTMLFormElement, name: string): void {
  const field = form.querySelector<HTMLElement>(`[data-field="${name}"]`);
  const control = field?.querySelector<HTMLElement>(CONTROL);
  field?.scrollIntoView({ block: 'center' });
  control?.focus({ preventScroll: true });
}

/**
 * After a submit that failed, a list at the top of a long form of every field that needs
 * attention, by name, each a link that takes the focus to its field, where its message is. It
 * follows the messages the fields show (one source of what is wrong) as they are fixed, and goes
 * when none is left. The focus itself still lands on the first field (focus-first-invalid.ts).
 */
export function ErrorSummary() {
  const { t } = useTranslation();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const { submitFailed } = useFormState({ subscription: { submitFailed: true } });
  const [problems, setProblems] = useState<Problem[]>([]);

  useEffect(() => {
    const form = box.current?.closest('form');
    if (!submitFailed || !form) {
      setProblems([]);
      return;
    }
    const read = () =>
      setProblems((shown) => {
        const next = problemsIn(form);
        return JSON.stringify(next) === JSON.stringify(shown) ? shown : next;
      });
    read();
    const observer = new MutationObserver(read);
    observer.observe(form, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [submitFailed]);

  return (
    <div ref={box}>
      {problems.length > 0 && (
        <section className="error-summary" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="error-summary__title">
            {t('common.errorSummary')}
          </h2>
          <ul className="error-summary__list">
            {problems.map((problem) => (
              <li key={problem.name}>
                <a
                  href={`#${problem.name}`}
                  onClick={(event) => {
                    event.preventDefault();
                    const form = box.current?.closest('form');
                    if (form) focusField(form, problem.name);
                  }}
                >
                  {problem.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
