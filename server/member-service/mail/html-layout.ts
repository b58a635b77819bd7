import { languageTag } from '../../../shared/language-tag.ts';
import type { Language } from '../../../shared/languages.ts';

/**
 * The HTML shell every portal mail shares: inline styles only, since mail clients drop style
 * sheets. Arguments are HTML already escaped by the caller.
 */
export function htmlMail(lang: Language, titleHtml: string, paragraphs: readonly string[], automatedNoticeHtml: string): string {
  return `<!doctype html>
<html lang="${languageTag(lang)}"><head><meta charset="utf-8"><title>${titleHtml}</title></head>
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">
${paragraphs.join('\n')}
<p style="font-size: 12px; color: #616e7c">${automatedNoticeHtml}</p>
</body></html>`;
}

/** A link styled as a button, for the one action a mail asks for. */
export function buttonLink(href: string, labelHtml: string): string {
  return `<p><a href="${href}" style="display: inline-block; padding: 10px 20px; background: #004b8d; color: #ffffff; text-decoration: none; border-radius: 4px">${labelHtml}</a></p>`;
}
