import { REPLY_CODES } from '../shared/codes.ts';

/** Failures the client names itself, with no server's code: a lost connection, an unreadable reply, a wrong current password. */
export const CLIENT_ERROR_TEXTS = ['network', 'somethingWentWrong', 'CurrentPasswordIncorrect'] as const;

/**
 * The error texts and the codes the servers send (shared/codes.ts) agree: every code has its
 * English text `error.<code>` (the locale check holds the other languages to English), and every
 * `error.` text belongs to a code or to one of the client's own failures.
 */
export function replyCodeTextProblems(
  englishKeys: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  codes: readonly string[] = REPLY_CODES,
) {
  const problems = codes.filter((code) => !englishKeys.has(`error.${code}`)).map((code) => `en: missing error.${code} (a reply code)`);
  const named = new Set<string>([...codes, ...CLIENT_ERROR_TEXTS]);
  for (const key of englishKeys.keys()) {
    if (key.startsWith('error.') && !named.has(key.slice('error.'.length)))
      problems.push(`en: ${key} is neither a reply code nor a client failure`);
  }
  return problems;
}
