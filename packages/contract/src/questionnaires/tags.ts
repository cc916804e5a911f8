/**
 * The one rule for a tag's name, shared by the questionnaire builder (a question's tags) and the template
 * upload (a placeholder `{{ tag }}`): what a question can write, a template can name, and the reverse.
 */
import { QUESTIONNAIRE_LIMITS as L, TAG_PATTERN } from './limits.ts';

/**
 * Why a name is not a tag: blank, longer than the limit, spaces inside an otherwise good name (`client
 * name`), or other characters (`today()`, `a|b`).
 */
export type TagNameProblem = 'empty' | 'too-long' | 'spaces' | 'characters';

/** The problem with a tag's name (trimmed), or null when it is a tag: letters, digits, `_ . -`, no spaces. */
export function tagNameProblem(name: string): TagNameProblem | null {
  const tag = name.trim();
  if (tag === '') return 'empty';
  if (tag.length > L.tag) return 'too-long';
  if (TAG_PATTERN.test(tag)) return null;
  return /\s/.test(tag) && TAG_PATTERN.test(spacesToUnderscores(tag)) ? 'spaces' : 'characters';
}

/** The tag an author probably meant by a name with spaces: `client name` → `client_name`. */
export function spacesToUnderscores(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}
