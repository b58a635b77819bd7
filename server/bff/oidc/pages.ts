import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { LANGUAGES, type Language } from '../../../shared/languages.ts';

interface OidcTexts {
  error: { title: string; text: string; back: string };
  signOut: { title: string; text: string; confirm: string; stay: string };
  signedOut: { title: string; text: string };
}

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** The provider's own pages' texts in every portal language, read once. */
const TEXTS = Object.fromEntries(
  LANGUAGES.map((lang) => [lang, JSON.parse(readFileSync(new URL(`${lang}/oidc.json`, LOCALES_DIR), 'utf8')) as OidcTexts]),
) as Record<Language, OidcTexts>;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function html(lang: Language, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

function page(ctx: KoaContextWithOIDC, lang: Language, title: string, body: string): void {
  ctx.type = 'html';
  ctx.body = html(lang, title, body);
}

/**
 * A request the provider refuses before it knows where it may answer (unknown client, a
 * redirect_uri that is not registered, a broken request): the error is shown here and the browser
 * is never sent anywhere else.
 */
export function errorHtml(lang: Language): string {
  const t = TEXTS[lang].error;
  return html(lang, t.title, `<p>${escapeHtml(t.text)}</p><p><a href="/${lang}/login">${escapeHtml(t.back)}</a></p>`);
}

export function errorPage(ctx: KoaContextWithOIDC, lang: Language): void {
  ctx.type = 'html';
  ctx.body = errorHtml(lang);
}

/** Allows one inline script by its hash in the portal's Content-Security-Policy of this reply. */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (!csp) return;
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  ctx.set(
    'content-security-policy',
    csp
      .split(';')
      .map((directive) => (directive.trim().startsWith('script-src') ? `${directive.trim()} ${hash}` : directive.trim()))
      .join('; '),
  );
}

const SUBMIT_LOGOUT =
  "document.forms[0].appendChild(Object.assign(document.createElement('input'),{type:'hidden',name:'logout',value:'yes'}));document.forms[0].submit();";

/**
 * The sign-out step of RP-initiated logout. `form` is the provider's form (its xsrf value
 * inside). A first-party site that proved who asks (a valid id_token_hint) signs out at once;
 * any other request asks the member first.
 */
export function logoutPage(ctx: KoaContextWithOIDC, lang: Language, form: string, confirmed: boolean): void {
  const t = TEXTS[lang].signOut;
  if (confirmed) {
    allowInlineScript(ctx, SUBMIT_LOGOUT);
    page(ctx, lang, t.title, `${form}<script>${SUBMIT_LOGOUT}</script>`);
    return;
  }
  page(
    ctx,
    lang,
    t.title,
    `<p>${escapeHtml(t.text)}</p>${form}<p><button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(t.confirm)}</button> <button type="submit" form="op.logoutForm">${escapeHtml(t.stay)}</button></p>`,
  );
}

/** After a sign-out that named no registered place to go back to. */
export function signedOutPage(ctx: KoaContextWithOIDC, lang: Language): void {
  const t = TEXTS[lang].signedOut;
  page(ctx, lang, t.title, `<p>${escapeHtml(t.text)}</p>`);
}
