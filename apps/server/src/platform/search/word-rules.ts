/**
 * The counting rules of the index, written to agree with ripgrep (`rg -i -w -F`, docs/analyser.md "The engine
 * and its counting rules"):
 * - a word character is ripgrep's Unicode `\w`: Alphabetic, marks, decimal digits, connector punctuation
 *   (`_`) and the joiners U+200C/U+200D; everything else (hyphens, apostrophes, ², ½, …) separates words;
 * - case is compared by Unicode simple case folding (what `-i` does): each character folds to one
 *   representative of its class (k, K and the Kelvin sign K; s, S and ſ), never to several characters (ß
 *   stays ß, so "ss" does not match it).
 */

const WORD_REGEX = /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]/u;

/** BMP word characters by table (built once); astral code points ask the regex. */
const BMP_WORD = new Uint8Array(65536);
/** Simple case folding of BMP code units (identity where nothing folds). */
const BMP_FOLD = new Uint16Array(65536);

for (let c = 0; c < 65536; c += 1) {
  BMP_FOLD[c] = c;
  if (c >= 0xd800 && c <= 0xdfff) continue;
  const ch = String.fromCharCode(c);
  if (c < 128) BMP_WORD[c] = /[0-9A-Za-z_]/.test(ch) ? 1 : 0;
  else BMP_WORD[c] = WORD_REGEX.test(ch) ? 1 : 0;
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  if (lower === ch && upper === ch) continue;
  BMP_FOLD[c] = representative(ch).charCodeAt(0);
}

/** Characters whose folding is not themselves (1), and surrogates (2): lower-cased text without either is folded. */
const NOT_FOLDED = new Uint8Array(65536);
for (let c = 128; c < 65536; c += 1) {
  if (c >= 0xd800 && c <= 0xdfff) NOT_FOLDED[c] = 2;
  else if (BMP_FOLD[c] !== c) NOT_FOLDED[c] = 1;
}

function alreadyFolded(lowered: string): boolean {
  for (let i = 0; i < lowered.length; i += 1) {
    const code = lowered.charCodeAt(i);
    if (code >= 128 && NOT_FOLDED[code] !== 0) return false;
  }
  return true;
}

/** One member of `ch`'s simple-case-folding class, the same for every member (lower of upper, checked). */
function representative(ch: string): string {
  const same = new RegExp(`^${ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')}$`, 'iu');
  for (const candidate of [ch.toUpperCase().toLowerCase(), ch.toLowerCase()]) {
    if ([...candidate].length === 1 && same.test(candidate)) return candidate;
  }
  return ch;
}

/** The BMP table itself, for the tokenizer's loop (1: a word character). */
export const BMP_WORD_TABLE: Readonly<Uint8Array> = BMP_WORD;

/** Whether the UTF-16 unit at `i` belongs to a word character (both halves of a surrogate pair agree). */
export function isWordAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < 0xd800 || code > 0xdfff) return BMP_WORD[code] === 1;
  const start = code <= 0xdbff ? i : i - 1;
  const point = text.codePointAt(start);
  return point !== undefined && point > 0xffff && WORD_REGEX.test(String.fromCodePoint(point));
}

/** Simple case folding of a whole string, unit for unit (the length never changes). */
export function foldCase(text: string): string {
  // Lower case is the folding unless a character folds elsewhere (ſ, ς, K, …) or changes length (İ).
  const lowered = text.toLowerCase();
  if (lowered.length === text.length && alreadyFolded(lowered)) return lowered;
  const out = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const pair = text.slice(i, i + 2);
      const lower = pair.toLowerCase();
      const folded = lower.length === 2 && new RegExp(`^${pair}$`, 'iu').test(lower) ? lower : pair;
      out[i] = folded.charCodeAt(0);
      out[i + 1] = folded.charCodeAt(1);
      i += 1;
      continue;
    }
    out[i] = BMP_FOLD[code] ?? code;
  }
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength).toString('utf16le');
}

/** NFC, with lone surrogates replaced (the text is stored and read as UTF-8, as ripgrep reads it). */
export function normaliseText(input: string): string {
  const wellFormed = (input as string & { toWellFormed?: () => string }).toWellFormed?.() ?? input;
  return wellFormed.normalize('NFC');
}
