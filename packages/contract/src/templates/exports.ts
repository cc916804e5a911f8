/** Template packages (super): export a template with its questionnaires, or questionnaires alone; import elsewhere. */
import { z } from 'zod';
import { idParam, paged, pageQuery } from '../common.ts';
import { templateMessages as M } from './messages.ts';

export const PACKAGE_FORMAT = 'lexdesk-template-package';

export const exportQuestionnairesBody = z.object({
  category_ids: z.array(idParam).min(1, M.chooseCategories).max(200),
});
export type ExportQuestionnairesBody = z.infer<typeof exportQuestionnairesBody>;

export const packageSaved = z.object({
  detail: z.string(),
  id: z.number().int(),
  file_path: z.string(),
  summary: z.string(),
});
export type PackageSaved = z.infer<typeof packageSaved>;

export const packageRow = z.object({
  id: z.number().int(),
  kind: z.enum(['export', 'import']),
  scope: z.enum(['template', 'questionnaires']),
  name: z.string(),
  target_organisation: z.string().nullable(),
  summary: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  file_path: z.string(),
});
export type PackageRow = z.infer<typeof packageRow>;
export const packageHistoryQuery = pageQuery;
export const packageHistoryResponse = paged(packageRow);
export type PackageHistoryResponse = z.infer<typeof packageHistoryResponse>;
export const packageIdParams = z.object({ package_id: idParam });
/** Multipart text field of POST template-export/import/ (with `file`). */
export const importFields = z.object({
  organisation_id: z.coerce.number({ error: M.chooseOrganisation }).int().positive(M.chooseOrganisation),
});
