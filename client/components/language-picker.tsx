import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { LANGUAGES, toLanguage, type Language } from '../../shared/languages.ts';
import { useLanguage } from '../session/language-context.ts';
import { switchLanguagePath, switchLastPageLanguage } from '../session/language-path.ts';

/** Each language named in itself, so a reader finds their own whatever the page language. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-tw': '繁體中文',
  'zh-cn': '简体中文',
  'ja-jp': '日本語',
  'ko-kr': '한국어',
  'es-es': 'Español',
};

/** Switching rewrites the address to '/{newlang}/...' (spec section 2); the query string stays. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const id = useId();
  const lang = useLanguage();
  const choose = (next: Language) => {
    if (next === lang) return;
    switchLastPageLanguage(next);
    navigate(switchLanguagePath(location.pathname, next) + location.search);
  };
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select id={id} value={lang} onChange={(event) => choose(toLanguage(event.target.value))}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
