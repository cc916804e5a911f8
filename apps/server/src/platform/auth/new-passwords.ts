import { passwordMessages } from '@lexdesk/contract';
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { badRequest } from '../errors/http-error.ts';
import { hashPassword } from './passwords.ts';

/** Below this zxcvbn score (0-4) a password is easy to guess; 3 is "safely unguessable" in zxcvbn's terms. */
const MIN_SCORE = 3;

let checker: ZxcvbnFactory | undefined;

/**
 * True when the password is guessable because it is built on a word of zxcvbn-ts's common-password list
 * (about 49,000 passwords from breaches, matched with case, l33t and reversal variations): 'Password1!',
 * 'P@ssw0rd!', 'Welcome@2024'. Server-side only, so the dictionary stays out of the web bundle; the checker is
 * built on first use (about 70 ms) and kept.
 */
export function isCommonPassword(password: string): boolean {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const result: ZxcvbnResult = checker.check(password);
  return (
    result.score < MIN_SCORE &&
    result.sequence.some((match) => match.pattern === 'dictionary' && match.dictionaryName === 'passwords-common')
  );
}

/**
 * The hash of a new password chosen by a person (set, reset, change, create): the one place new passwords
 * pass, after the spec's rules (checked by the contract's schemas), so a common one is refused here with
 * 400 and the message on `field`.
 */
export async function hashNewPassword(password: string, field: string): Promise<string> {
  if (isCommonPassword(password)) {
    throw badRequest(passwordMessages.tooCommon, { [field]: passwordMessages.tooCommon });
  }
  return hashPassword(password);
}
