import type { z } from 'zod';
import { isApiError } from '../../api/client.ts';

/** The first message per field of a failed zod parse (path joined with '.'), for helper texts. */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.join('.') || 'form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The server's per-field messages of a refused call, if any. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.fields ? error.fields : {};
}
