import t from 'tap';
import { readFileSync } from 'node:fs';
import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LANGUAGES } from '../../../shared/languages.ts';
import { LinkedText } from '../../../client/ui/linked-text.tsx';

/**
 * The login screen's privacy sentence and the error page's helpdesk sentence, in every
 * language's real catalogue: the words around the link as written, the link's own words inside
 * the link, and no tag name left over.
 */
const SENTENCES = [
  { file: 'login.json', key: ['privacyStatement'], name: 'policy', href: 'https://example.com/privacy' },
  { file: 'activation.json', key: ['errorPage', 'contact'], name: 'helpdesk', href: 'https://example.com/help' },
];

for (const lang of LANGUAGES) {
  for (const { file, key, name, href } of SENTENCES) {
    t.test(`${lang} ${file} ${key.join('.')}`, async (t) => {
      const catalogue = JSON.parse(readFileSync(new URL(`../../../locales/${lang}/${file}`, import.meta.url), 'utf8'));
      const text = key.reduce((node, part) => node[part], catalogue) as string;
      const inner = text.match(new RegExp(`<${name}>(.*)</${name}>`))![1]!;
      const html = renderToStaticMarkup(h(LinkedText, { text, name, link: h('a', { href }) }));
      t.equal(html, text.replace(`<${name}>${inner}</${name}>`, `<a href="${href}">${inner}</a>`));
      t.notMatch(html, `<${name}>`);
    });
  }
}

t.test('a sentence without the tag is shown as written', async (t) => {
  t.equal(renderToStaticMarkup(h(LinkedText, { text: 'Plain words', name: 'policy', link: h('a', { href: '/x' }) })), 'Plain words');
});
