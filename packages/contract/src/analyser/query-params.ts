import { z } from 'zod';

import { ANALYSER_LIMITS } from './limits.ts';

/** `1,2,3` in a query string → [1, 2, 3]; at least one id, at most idsPerQuery. */
export const idListParam = z
  .string()
  .trim()
  .regex(/^\d+(,\d+)*$/, 'Expected ids separated by commas, such as 1,2,3')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(ANALYSER_LIMITS.idsPerQuery));

/** The original product sends Python-style booleans ('True', 'False') as well as 'true' and 'false'. */
export const boolParam = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** `updateAll` of the edit calls: true = every organisation and user the list is assigned to (docs/analyser.md). */
export const updateAllQuery = z.object({ updateAll: boolParam.optional() });
