import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './limits.ts';

/** Every error answer: a message a user can act on, a machine code, and per-field messages for forms. */
export const errorResponse = z.object({
  detail: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  throttled: 'TOO_MANY_REQUESTS',
  badCredentials: 'BAD_CREDENTIALS',
  linkExpired: 'LINK_EXPIRED',
  internal: 'INTERNAL_ERROR',
} as const;

export const detailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponse>;

export const pageQuery = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  limits: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
      message: `limits must be one of ${PAGE_SIZES.join(', ')}`,
    })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A paged list with the search box of spec 01 (`search_key`); empty means no filter. */
export const pagedSearchQuery = pageQuery.extend({
  search_key: z.string().trim().max(200).optional(),
});
export type PagedSearchQuery = z.infer<typeof pagedSearchQuery>;

export const pageInfo = z.object({
  page_no: z.number().int(),
  limits: z.number().int(),
  total_count: z.number().int(),
  total_pages: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfo>;

/** `{ data: [...], page: {...} }`, the shape of every paged list. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: pageInfo });
}

export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A plain, standard email pattern (spec 01 §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
