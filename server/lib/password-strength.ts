import type { ZxcvbnFactory, ZxcvbnResult } from '@zxcvbn-ts/core';

/**
 * Password strength on the server, where the dictionaries cost the PWA nothing (the form checks
 * length and digits only, domain/user.ts). zxcvbn-ts estimates how many guesses a password
 * takes, with the common-password lists and the account's own names as dictionaries; below
 * MIN_SCORE (about 10^8 guesses) a password is refused. Messages are Django's validators' words.
 */
const MIN_SCORE = 3;

let checker: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are megabytes: loaded on the first password set, not at start-up. */
async function loadChecker(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, english] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    useLevenshteinDistance: true,
  });
}

export interface PasswordOwner {
  username: string;
  first_name?: string;
  last_name?: string;
  email?: string;
}

export const PASSWORD_MESSAGES = {
  similar: 'The password is too similar to the username.',
  common: 'This password is too common.',
  weak: 'This password is too easy to guess. Add another word or two; uncommon words are better.',
} as const;

const ownerWords = (owner: PasswordOwner) =>
  [owner.username, owner.first_name, owner.last_name, owner.email, owner.email?.split('@')[0]].filter((word): word is string => !!word && word.length >= 3);

function mainMatch(result: ZxcvbnResult) {
  return [...result.sequence].sort((a, b) => b.token.length - a.token.length)[0];
}

/** The reasons a password is refused (empty when it is strong enough). */
export async function passwordProblems(password: string, owner: PasswordOwner): Promise<string[]> {
  const words = ownerWords(owner);
  const lower = password.toLowerCase();
  if (words.some((word) => lower.includes(word.toLowerCase()) || word.toLowerCase().includes(lower))) return [PASSWORD_MESSAGES.similar];
  const result = (await (checker ??= loadChecker())).check(password, words);
  if (result.score >= MIN_SCORE) return [];
  const match = mainMatch(result);
  if (match && 'dictionaryName' in match && match.dictionaryName === 'userInputs') return [PASSWORD_MESSAGES.similar];
  if (match && 'dictionaryName' in match && match.dictionaryName === 'passwords-common') return [PASSWORD_MESSAGES.common];
  return [PASSWORD_MESSAGES.weak];
}
