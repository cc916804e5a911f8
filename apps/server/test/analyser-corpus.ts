/**
 * The real-data corpus of the analyser's tests and benchmark (read from ../shared, never copied): the
 * contracts, and a concept list of about 40 heads and 200 terms built from the CUAD clause categories.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/data');
export const CONTRACTS_DIR = path.join(SHARED, 'contracts');
export const CUAD_CSV = path.join(SHARED, 'cuad-category-descriptions.csv');

export const hasSharedCorpus = () => existsSync(CONTRACTS_DIR) && existsSync(CUAD_CSV);

/** Every contract (.txt), in a stable order; `limit` keeps the first ones. */
export function contractFiles(limit = Number.POSITIVE_INFINITY): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.txt')) files.push(full);
    }
  };
  walk(CONTRACTS_DIR);
  return files.slice(0, limit);
}

function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      if (row.some((f) => f.length > 0)) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  row.push(field);
  if (row.some((f) => f.length > 0)) rows.push(row);
  return rows;
}

const STOP = new Set(
  'the a an of to in on or and for by with that this is are be any such other which what whether there their its from as at into upon after before under than who whom when will shall may can does do not no if it party parties contract clause agreement'.split(
    ' ',
  ),
);

export interface CorpusHead {
  name: string;
  terms: string[];
}

/**
 * One head per CUAD category: its name as a phrase, the description's longer words, and the first two-word
 * phrases of the description (about five terms each, ~200 in all, duplicates dropped).
 */
export function cuadHeads(): CorpusHead[] {
  const rows = csvRows(readFileSync(CUAD_CSV, 'utf8').replace(/^\uFEFF/, '')).slice(1);
  const seen = new Set<string>();
  return rows.map((row) => {
    const name = (row[0] ?? '').replace(/^Category:\s*/, '').trim();
    const description = (row[1] ?? '').replace(/^Description:\s*/, '');
    const words = description.toLowerCase().match(/[a-z]+(?:-[a-z]+)?/g) ?? [];
    const candidates = [name.toLowerCase()];
    for (const word of words) if (word.length >= 6 && !STOP.has(word)) candidates.push(word);
    for (let i = 0; i + 1 < words.length; i += 1) {
      const [a = '', b = ''] = [words[i], words[i + 1]];
      if (!STOP.has(a) && !STOP.has(b) && a.length > 3 && b.length > 3) candidates.push(`${a} ${b}`);
    }
    const terms: string[] = [];
    for (const term of candidates) {
      if (terms.length >= 6) break;
      if (seen.has(term)) continue;
      seen.add(term);
      terms.push(term);
    }
    return { name, terms };
  });
}
