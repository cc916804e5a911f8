import { z } from 'zod';
import { idListParam } from '../analyser/query-params.ts';
import { idParam } from '../common.ts';
import {
  PLAYBOOK_EXPORT_FORMATS,
  PLAYBOOK_IMPORTANCE,
  PLAYBOOK_PACKAGE_FORMAT,
  PLAYBOOK_PACKAGE_VERSION,
  PLAYBOOK_TYPES,
} from './limits.ts';
import { playbookCategory, playbookEntry } from './playbooks.ts';

/**
 * What a published version freezes, and what the preview shows: the playbook's content with its categories
 * by name. A version never changes once published (docs/playbooks.md, "Versions").
 */
export const playbookContent = z.object({
  name: z.string(),
  playbook_type: z.enum(PLAYBOOK_TYPES),
  description: z.string(),
  categories: z.array(playbookCategory),
  entries: z.array(playbookEntry),
  attachments: z.array(z.object({ id: z.number().int(), file_name: z.string() })),
});
export type PlaybookContent = z.infer<typeof playbookContent>;

/** GET playbook/preview/{id}/?version=: the draft (no version) or a published version, read-only. */
export const playbookPreviewQuery = z.object({ version: idParam.optional() });
export const playbookPreview = z.object({
  id: z.number().int(),
  /** Null when the preview shows the draft. */
  version: z.number().int().nullable(),
  content: playbookContent,
});
export type PlaybookPreview = z.infer<typeof playbookPreview>;

/** POST playbook/{id}/publish/: a new immutable numbered version of the draft. */
export const playbookPublished = z.object({ detail: z.string(), version: z.number().int() });
export type PlaybookPublished = z.infer<typeof playbookPublished>;

/** POST playbook-export/{id}/ {format, version?}: .docx, .pdf or the lossless JSON package. */
export const playbookExportBody = z.object({
  format: z.enum(PLAYBOOK_EXPORT_FORMATS).default('docx'),
  version: idParam.optional(),
});
export type PlaybookExportBody = z.infer<typeof playbookExportBody>;
export type PlaybookExportInput = z.input<typeof playbookExportBody>;

/**
 * The lossless package (format 'lexdesk.playbook', version 1): content without ids (categories and entries
 * refer to categories by name; concept heads by list and head name) and the attachments' bytes, so it imports
 * into another organisation or installation, and export → import → export gives the same bytes.
 */
export const playbookPackage = z.object({
  format: z.literal(PLAYBOOK_PACKAGE_FORMAT),
  version: z.literal(PLAYBOOK_PACKAGE_VERSION),
  playbook: z.object({
    name: z.string(),
    playbook_type: z.enum(PLAYBOOK_TYPES),
    description: z.string(),
    categories: z.array(z.string()),
    entries: z.array(
      z.object({
        topic: z.string(),
        category: z.string().nullable(),
        importance: z.enum(PLAYBOOK_IMPORTANCE),
        standard_position: z.string(),
        fallbacks: z.array(z.object({ position: z.string(), guidance: z.string(), approver: z.string() })),
        unacceptable: z.array(z.string()),
        model_language: z.string(),
        concept_heads: z.array(z.object({ list: z.string(), head: z.string() })),
      }),
    ),
    attachments: z.array(
      z.object({ file_name: z.string(), content_type: z.string(), sha256: z.string(), data_base64: z.string() }),
    ),
  }),
});
export type PlaybookPackage = z.infer<typeof playbookPackage>;

/** The playbooks a case follows, each pinned to the version it was added at until moved on. */
export const casePlaybook = z.object({
  playbook_id: z.number().int(),
  name: z.string(),
  playbook_type: z.enum(PLAYBOOK_TYPES),
  version: z.number().int(),
  latest_version: z.number().int(),
  added_by: z.string().nullable(),
  added_at: z.string(),
});
export type CasePlaybook = z.infer<typeof casePlaybook>;
export const casePlaybookList = z.object({ data: z.array(casePlaybook) });
export type CasePlaybookList = z.infer<typeof casePlaybookList>;
/** POST case/{case_id}/playbooks/ {playbook_id}: pins the latest published version. */
export const casePlaybookAddBody = z.object({ playbook_id: idParam });
/** PUT case/{case_id}/playbooks/{playbook_id}/ {version}: move the case to another published version. */
export const casePlaybookMoveBody = z.object({ version: idParam });

/** POST playbook/import/ (multipart `file`: a package): the new draft, and the concept heads it could not link. */
export const playbookImported = z.object({
  detail: z.string(),
  id: z.number().int(),
  /** "List / Head" of the package's concept heads that the organisation does not have. */
  dropped_concept_heads: z.array(z.string()),
});
export type PlaybookImported = z.infer<typeof playbookImported>;

/**
 * GET playbook/positions/?concept_ids=: the entries linked to these concept heads in the latest published
 * version of each playbook the caller sees; Review shows them next to a hit of the head (docs/playbooks.md).
 */
export const playbookPositionsQuery = z.object({ concept_ids: idListParam });
export const playbookPosition = z.object({
  concept_id: z.number().int(),
  playbook_id: z.number().int(),
  playbook_name: z.string(),
  version: z.number().int(),
  entry: playbookEntry,
});
export type PlaybookPosition = z.infer<typeof playbookPosition>;
export const playbookPositions = z.object({ data: z.array(playbookPosition) });
export type PlaybookPositions = z.infer<typeof playbookPositions>;
