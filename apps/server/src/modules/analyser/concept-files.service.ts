import {
  ANALYSER_LIMITS,
  CONCEPT_IMPORT_COLUMNS,
  conceptHeadInput,
  conceptMessages as M,
  type ConceptHeadInput,
  type ConceptListCreated,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError } from '../../platform/errors/http-error.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';
import { auditActor } from './concept-edit-target.ts';
import { parseConceptFileInWorker, writeCsv, writeXlsx, type ConceptFileFormat } from './concept-file-codec.ts';
import { headsOf } from './concept-lists.repo.ts';
import { conceptListsService } from './concept-lists.service.ts';

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The format of an uploaded file by its name, or 400 'Please choose a .xlsx or .csv file.'. */
export function formatOfFileName(fileName: string): ConceptFileFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv')) return 'csv';
  throw badRequest(M.importType, { file: M.importType });
}

/** Export and import of a concept list as .xlsx or .csv: head, definition, terms, phrases (docs/analyser.md). */
export function conceptFilesService(ctx: AppContext) {
  const lists = conceptListsService(ctx);
  return {
    /** GET concept-list/export/{id}/: the list as a file, heads in order, values exactly as stored. */
    async export(actor: Actor, listId: number, format: ConceptFileFormat) {
      const list = await lists.visibleList(actor, listId);
      const rows = (await headsOf(ctx.db, list)).map(
        (head) => [head.head, head.definition, head.terms, head.phrases] as [string, string, string, string],
      );
      const data = format === 'csv' ? writeCsv(rows) : await writeXlsx(rows, list.name);
      const base = list.name.replace(/[^\p{L}\p{N} ._-]/gu, '').trim() || 'concept-list';
      return { fileName: `${base}.${format}`, data };
    },

    /** POST concept-list/import/: a new list owned by the caller's organisation, named on the caller. */
    async import(
      actor: Actor,
      name: string,
      file: { fileName: string; data: Buffer },
      signal: AbortSignal,
    ): Promise<ConceptListCreated> {
      const format = formatOfFileName(file.fileName);
      let parsed;
      try {
        parsed = await parseConceptFileInWorker(ctx.config.parse, userWork(actor, signal), file.data, format);
      } catch (error) {
        if (error instanceof ParseLimitError) throw badRequest(error.message, { file: error.message });
        // A full queue is not the file's fault (429).
        if (error instanceof HttpError) throw error;
        throw badRequest(M.importType, { file: M.importType });
      }
      if (!parsed.ok) throw badRequest(M.importType, { file: M.importType });
      const header = parsed.header.map((cell) => cell.trim().toLowerCase());
      if (CONCEPT_IMPORT_COLUMNS.some((column, index) => header[index] !== column)) {
        throw badRequest(M.importColumns, { file: M.importColumns });
      }
      if (parsed.rows.length === 0) throw badRequest(M.importEmpty, { file: M.importEmpty });
      if (parsed.rows.length > ANALYSER_LIMITS.headsPerList) throw badRequest(M.tooManyHeads, { file: M.tooManyHeads });
      const heads: ConceptHeadInput[] = parsed.rows.map((row, index) => {
        const [head = '', definition = '', terms = '', phrases = ''] = row;
        const result = conceptHeadInput.safeParse({ head, definition, terms, phrases });
        if (!result.success) {
          const problem = M.importLine(index + 2, result.error.issues[0]?.message ?? M.headRequired);
          throw badRequest(problem, { file: problem });
        }
        return result.data;
      });
      const created = await lists.create(actor, {
        name,
        concept_doc_id: null,
        organisationIDs: [actor.organisationId],
        userIDs: [actor.userId],
        concepts: heads,
        is_assigned_to_all: false,
      });
      await auditService(ctx).record(auditActor(actor), 'concept_list', created.ids.concept_list_id, 'imported', {
        heads: heads.length,
      });
      return created;
    },
  };
}
