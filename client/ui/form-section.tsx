import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled part of a long form: a real heading (in the outline, reachable by heading keys) over its fields. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="form-section__title">
        {t(title)}
      </h2>
      {children}
    </section>
  );
}
