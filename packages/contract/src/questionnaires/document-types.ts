import { z } from 'zod';
import { QUESTIONNAIRE_LIMITS } from './limits.ts';
import { documentTypeMessages } from './messages.ts';

/**
 * POST concept/document-type/ and PUT concept/documents/update/{id}/ (spec 02 §2.5, §5): values are trimmed;
 * the name is required; a description, if given, must not be blank.
 */
export const documentTypeBody = z.object({
  type_name: z
    .string({ error: documentTypeMessages.nameRequired })
    .trim()
    .min(1, documentTypeMessages.nameRequired)
    .max(QUESTIONNAIRE_LIMITS.documentTypeName, documentTypeMessages.nameTooLong),
  description: z
    .string()
    .max(QUESTIONNAIRE_LIMITS.documentTypeDescription, documentTypeMessages.descriptionTooLong)
    .optional()
    .default('')
    .refine((value) => value === '' || value.trim() !== '', documentTypeMessages.invalidDescription)
    .transform((value) => value.trim()),
});
export type DocumentTypeBody = z.infer<typeof documentTypeBody>;

export const documentType = z.object({
  id: z.number().int(),
  type_name: z.string(),
  description: z.string(),
});
export type DocumentType = z.infer<typeof documentType>;

export const documentTypeList = z.object({ data: z.array(documentType) });
export type DocumentTypeList = z.infer<typeof documentTypeList>;

/** Answer of the save and update calls: `data` holds the saved type (the web reads `data.data`). */
export const documentTypeSaved = z.object({ detail: z.string(), data: documentType });
export type DocumentTypeSaved = z.infer<typeof documentTypeSaved>;

/** The web's check before sending, with the spec's messages; null when the values may be sent. */
export function documentTypeProblem(values: { type_name: string; description: string }): string | null {
  if (values.type_name.trim() === '') return documentTypeMessages.nameRequired;
  if (values.description !== '' && values.description.trim() === '') return documentTypeMessages.invalidDescription;
  if (values.type_name.trim().length > QUESTIONNAIRE_LIMITS.documentTypeName) return documentTypeMessages.nameTooLong;
  if (values.description.trim().length > QUESTIONNAIRE_LIMITS.documentTypeDescription) {
    return documentTypeMessages.descriptionTooLong;
  }
  return null;
}
