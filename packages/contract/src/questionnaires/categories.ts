import { z } from 'zod';
import { QUESTIONNAIRE_LIMITS } from './limits.ts';
import { questionnaireMessages } from './messages.ts';

/** A category name: trimmed, 1-254 characters (spec 02 §5). */
export const categoryName = z
  .string()
  .trim()
  .min(1, questionnaireMessages.blankCategory)
  .max(QUESTIONNAIRE_LIMITS.categoryName, questionnaireMessages.blankCategory);

/** POST category/ (spec 02 §7). `user_id` is accepted for compatibility; the server records the caller. */
export const categoryCreateBody = z.object({
  user_id: z.number().int().positive().optional(),
  name: categoryName,
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBody>;

/** PUT category/{id}/. */
export const categoryUpdateBody = z.object({ name: categoryName });
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBody>;

export const category = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
});
export type Category = z.infer<typeof category>;

/** GET category/: every category of the caller's organisation, by name. */
export const categoryList = z.object({ data: z.array(category) });
export type CategoryList = z.infer<typeof categoryList>;

/** Answer of POST and PUT category/: the message to toast and the saved category. */
export const categorySaved = category.extend({ detail: z.string() });
export type CategorySaved = z.infer<typeof categorySaved>;
