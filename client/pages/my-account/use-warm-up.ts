import { useEffect } from 'react';
import type { Language } from '../../../shared/languages.ts';
import { isFreeText } from '../../../shared/rules/text.ts';
import { DATE_STYLES, prepareDateFormat } from './dates.ts';

/**
 * While the member is read, the main thread only waits. Meanwhile it builds, one short task
 * each, what the page's first drawing would otherwise build inside its longest tasks: the
 * language's date formats (ICU) and the free-text rule's pattern, which the profile form checks
 * as it starts.
 */
export function useWarmUp(waiting: boolean, lang: Language): void {
  useEffect(() => {
    if (!waiting) return;
    const work = [...DATE_STYLES.map((style) => () => prepareDateFormat(lang, style)), () => isFreeText('')];
    const tasks = work.map((task) => setTimeout(task, 0));
    return () => tasks.forEach(clearTimeout);
  }, [waiting, lang]);
}
