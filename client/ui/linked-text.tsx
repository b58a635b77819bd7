import { cloneElement, type AnchorHTMLAttributes, type ReactElement } from 'react';

/**
 * A translated sentence with one link in it, written `… <name>link text</name> …` in the
 * catalogue: the text around it as is, the link text inside `link`. It does what react-i18next's
 * Trans does for this one shape without Trans's HTML parser, which the login screen would
 * otherwise send with its first script for a single sentence.
 */
export function LinkedText({
  text,
  name,
  link,
}: {
  text: string;
  name: string;
  link: ReactElement<AnchorHTMLAttributes<HTMLAnchorElement>>;
}) {
  const open = `<${name}>`;
  const close = `</${name}>`;
  const start = text.indexOf(open);
  const end = text.indexOf(close, start + open.length);
  if (start < 0 || end < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, start)}
      {cloneElement(link, { children: text.slice(start + open.length, end) })}
      {text.slice(end + close.length)}
    </>
  );
}
