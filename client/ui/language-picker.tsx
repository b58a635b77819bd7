import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from 'wouter/use-browser-location';
import { languageTag } from '../../shared/language-tag.ts';
import { LANGUAGES, toLanguage, type Language } from '../../shared/languages.ts';
import { useLanguage } from '../session/language-context.ts';
import { ChevronDownIcon, GlobeIcon } from './icons.tsx';
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

/**
 * What the closed menu shows on a phone, where the header has no room for a name: one pattern
 * for all, the language's code, with the script for the two Chinese (EN · 繁中 · 简中 · JA · KO · ES).
 */
const SHORT_NAMES: Record<Language, string> = {
  en: 'EN',
  'zh-tw': '繁中',
  'zh-cn': '简中',
  'ja-jp': 'JA',
  'ko-kr': 'KO',
  'es-es': 'ES',
};

/**
 * A compact menu: a native select (keyboard, screen readers and the phone's own picker come
 * with it) laid transparently over its face, a globe with the current language's name.
 * Switching rewrites the address to '/{newlang}/...' (spec section 2); the query string stays.
 */
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
      <span className="language-picker__face" aria-hidden="true">
        <GlobeIcon />
        <span className="language-picker__name" lang={languageTag(lang)}>
          {LANGUAGE_NAMES[lang]}
        </span>
        <span className="language-picker__short" lang={languageTag(lang)}>
          {SHORT_NAMES[lang]}
        </span>
        <span className="language-picker__chevron">
          <ChevronDownIcon />
        </span>
      </span>
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select id={id} className="language-picker__select" value={lang} onChange={(event) => choose(toLanguage(event.target.value))}>
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
