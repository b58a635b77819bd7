import type { Test } from 'tap';
import type { BrowserContext, Page } from 'playwright-core';
import type { Stack } from '../helper.ts';

/** The smallest tap target (WCAG 2.5.5, Apple and Material guidelines): 44 by 44 CSS pixels. */
export const MIN_TAP_PX = 44;

/** A fresh context at a given width and colour scheme; CSP bypassed only so that axe can be injected. */
export function contextAt(
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  stack: Stack,
  width: number,
  scheme: 'light' | 'dark' = 'light',
  locale = 'en-US',
) {
  return browser.newContext({ baseURL: stack.bffUrl, locale, bypassCSP: true, colorScheme: scheme, viewport: { width, height: 740 } });
}

/**
 * What sticks out to the right of the viewport (the page scrolls sideways): the document's own
 * width and each element whose box ends past the edge, unless a scrolling box holds it.
 */
export function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 0.5) continue;
      // (No named helper functions in here: the test runner's transpiler would wrap them in a helper the page lacks.)
      let holder = el.parentElement;
      while (holder && holder !== document.body && !/(auto|scroll|hidden|clip)/.test(getComputedStyle(holder).overflowX))
        holder = holder.parentElement;
      if (holder && holder !== document.body) continue;
      found.push(
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(box.right)}px`,
      );
    }
    return found;
  });
}

/**
 * Every control a finger can aim at that is smaller than 44 x 44: links, buttons, fields and
 * selects as drawn; a checkbox or radio together with its label (pressing either works). Links
 * inside a sentence are left out, as WCAG 2.5.8 leaves them out: their size is the text's.
 */
export function smallTapTargets(page: Page, min = MIN_TAP_PX): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]',
    );
    for (const el of controls) {
      if (el.closest('[inert], [hidden], dialog:not([open])')) continue;
      let box = el.getBoundingClientRect();
      // Not drawn, or drawn only for screen readers (the visually-hidden pattern), or off-screen until focused (skip link).
      if (box.width <= 1 || box.height <= 1 || box.bottom <= 0) continue;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        for (const label of el.labels ?? []) {
          const l = label.getBoundingClientRect();
          const left = Math.min(box.left, l.left);
          const top = Math.min(box.top, l.top);
          box = new DOMRect(left, top, Math.max(box.right, l.right) - left, Math.max(box.bottom, l.bottom) - top);
        }
      }
      if (el.tagName === 'A') {
        const block = el.parentElement;
        if (block && (block.textContent ?? '').trim() !== (el.textContent ?? '').trim()) continue;
      }
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name = el.getAttribute('aria-label') ?? ((el.textContent ?? '').trim() || (el as HTMLInputElement).name || el.id);
        found.push(`${el.tagName.toLowerCase()} "${name.slice(0, 40)}" is ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return found;
  }, min);
}

/** Error marks a form shows: invalid fields, field messages, a marked multi-select, an alert with text. */
export function shownErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const marks = [
      ...document.querySelectorAll<HTMLElement>('[aria-invalid="true"], .field__error, .checkbox-tree.is-invalid, [role="alert"]'),
    ];
    return marks
      .filter(
        (el) => el.getClientRects().length > 0 && (el.getAttribute('aria-invalid') === 'true' || (el.textContent ?? '').trim() !== ''),
      )
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${(el.textContent ?? '').trim().slice(0, 60)}`);
  });
}

/** On a phone: nothing wider than the screen, every control at least 44 x 44. */
export async function checkPhoneLayout(t: Test, page: Page, screen: string) {
  t.same(await overflowOf(page), [], `${screen}: nothing wider than the screen`);
  t.same(await smallTapTargets(page), [], `${screen}: every control at least 44 x 44`);
}

/**
 * Line breaks that fall inside a word, as the browser's own Japanese word segmenter
 * (Intl.Segmenter) divides the text: "…しま|す…" for each. Phrase-wise wrapping breaks only
 * between phrases, and every phrase boundary is a word boundary.
 */
export function breaksInsideWords(page: Page, selector: string, locale: string): Promise<string[]> {
  return page.evaluate(
    ({ selector, locale }) => {
      const found: string[] = [];
      const segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
      for (const block of document.querySelectorAll(selector)) {
        const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const boundaries = new Set([...segmenter.segment(text)].map((segment) => segment.index));
          const range = document.createRange();
          let lineTop: number | undefined;
          for (let i = 0; i < text.length; i++) {
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const box = range.getClientRects()[0];
            if (!box || /\s/.test(text[i]!)) continue;
            if (lineTop !== undefined && box.top > lineTop + box.height / 2 && !boundaries.has(i))
              found.push(`${text.slice(Math.max(0, i - 6), i)}|${text.slice(i, i + 6)}`);
            lineTop = box.top;
          }
        }
      }
      return found;
    },
    { selector, locale },
  );
}
