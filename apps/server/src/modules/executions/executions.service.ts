import {
  answers as answersSchema,
  can,
  templateMessages as M,
  type Answer,
  type QuestionView,
  type CaseTaskBody,
  type CaseTaskResponse,
  type ExecuteBody,
  type ExecutionDetail,
  type ExecutionHistoryResponse,
  type ExecutionHistoryRow,
  type ExecutionQuery,
  type Executed,
  type ExecutionUsersResponse,
  type QaExportBody,
  type UserExecutionHistoryResponse,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { docxToPdf } from '../../platform/conversion/docx-to-pdf.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';
import { JinjaSyntaxError, TemplateSyntaxError, templatesService } from '../templates/index.ts';
import { usersService } from '../users/index.ts';
import { questionnairesService } from '../questionnaires/index.ts';
import { answeredQuestions, answerMap, relevantAnswers, severalForOne, tagValues, templateAnswers } from './answers.ts';
import {
  discardDraft,
  deleteExecution,
  executionUsers,
  findDraft,
  findExecution,
  insertExecution,
  listExecutions,
  renameExecution,
  saveDraft,
  startNextRound,
  type DraftKey,
  type ExecutionRowData,
  type ExecutionScope,
} from './executions.repo.ts';
import { qaDocx, qaXlsx } from './qa-export.ts';

const STORAGE_AREA = 'generated';
const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

/** Where a generated document is fetched; also the `file_path` of spec 02 §7. */
export const documentPath = (executionId: number) => `/api/execute/${executionId}/document/`;
const PATH_PATTERN = /^\/api\/execute\/(\d+)\/document\/?$/;

/** The generated document's file name: the given name with .docx added (spec 02 §2.3: Docx by default). */
export function docxName(name: string): string {
  const clean = name.trim().replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_');
  return /\.docx$/i.test(clean) ? clean : `${clean}.docx`;
}

/** The PDF of a generated document: its name with .pdf in place of .docx. */
export const pdfName = (documentName: string) => `${documentName.replace(/\.docx$/i, '')}.pdf`;

/** Staff see every execution of the organisation; a user their own (spec 02 §6: history for all roles). */
function scopeOf(actor: Actor): ExecutionScope {
  return { organisationId: actor.organisationId, userId: can(actor, 'templates.history.users') ? null : actor.userId };
}

function historyRowOf(row: ExecutionRowData): ExecutionHistoryRow {
  return {
    id: row.id,
    template_id: row.template_id,
    template_name: row.template_name,
    version: row.version,
    document_name: row.document_name,
    file_path: documentPath(row.id),
    created_by: nameOf(row.creator_first, row.creator_last) || (row.creator_email ?? ''),
    created_by_id: row.created_by,
    created_at: row.created_at,
    actions: { download: true, delete: true, open: true },
  };
}

export interface GeneratedFile {
  fileName: string;
  data: Buffer;
}

const draftKey = (actor: Actor, templateId: number): DraftKey => ({
  organisation_id: actor.organisationId,
  template_id: templateId,
  user_id: actor.userId,
});

/** 400 when an answer ticks several options of a Multiple Choice question that takes one answer. */
/** Answers as stored (JSON), with what later versions added (a group's `items`) filled in. */
function storedAnswers(json: string): Answer[] {
  return answersSchema.parse(JSON.parse(json));
}

/** The ids of the questions and every question below them. */
function questionIds(questions: readonly QuestionView[], ids = new Set<number>()): Set<number> {
  for (const question of questions) {
    ids.add(question.question_id);
    for (const branch of question.showData) questionIds(branch.listForm, ids);
  }
  return ids;
}

/** An item that names a field its group does not have: the screen is older than the questionnaire. */
function refuseUnknownFields(question: QuestionView, answer: Answer): void {
  if (answer.items.length === 0) return;
  const fields = new Set(question.fields.map((field) => field.tag));
  if (answer.items.some((item) => Object.keys(item).some((key) => !fields.has(key)))) {
    throw badRequest(M.unknownGroupField);
  }
}

function refuseSeveralForOne(data: readonly Answer[], oneAnswer: ReadonlyMap<number, string>): void {
  const question = severalForOne(data, oneAnswer);
  if (question !== null) throw badRequest(`${M.oneAnswerOnly}: ${question}`);
}

/** Running templates: the questions, drafts, the generated document, history, Q&A export, save to cases. */
export function executionsService(ctx: AppContext) {
  const templates = templatesService(ctx);
  const questionnaires = questionnairesService(ctx);

  const requireExecution = async (actor: Actor, id: number): Promise<ExecutionRowData> => {
    const row = await findExecution(ctx.db, scopeOf(actor), id);
    if (!row) throw notFound();
    return row;
  };

  /** The answers that count (visible questions only), or 400 'Please answer at least one question'. */
  const answersFor = async (actor: Actor, templateId: number, data: readonly Answer[]) => {
    const loaded = await templates.forExecution(actor, templateId);
    const known = new Map<number, { view: QuestionView; options: Set<number> }>();
    const oneAnswer = new Map<number, string>();
    const collect = (views: typeof loaded.questions) => {
      for (const q of views) {
        known.set(q.question_id, { view: q, options: new Set(q.values.map((v) => v.id)) });
        if (q.question_type === 'Multiple' && !q.multiple_answers) oneAnswer.set(q.question_id, q.question_text);
        for (const branch of q.showData) collect(branch.listForm);
      }
    };
    collect(loaded.questions);
    for (const answer of data) {
      const question = known.get(answer.question_id);
      if (!question) throw badRequest(M.unknownQuestion);
      if (answer.options.some((id) => !question.options.has(id))) throw badRequest(M.unknownOption);
      refuseUnknownFields(question.view, answer);
    }
    refuseSeveralForOne(data, oneAnswer);
    const relevant = relevantAnswers(loaded.questions, data);
    // A template that needs no answer (no question writes what it reads) generates at once.
    if (relevant.length === 0 && loaded.questions.length > 0) throw badRequest(M.answerOne);
    return { ...loaded, relevant };
  };

  return {
    /** GET query/{id}/: the template to run, its active categories, questions and the caller's draft. */
    async query(actor: Actor, templateId: number): Promise<ExecutionQuery> {
      const { row, categories, questions } = await templates.forExecution(actor, templateId);
      const draft = await findDraft(ctx.db, draftKey(actor, templateId));
      // A draft's answers to questions the interview no longer asks (the template changed) are left out.
      const asked = questionIds(questions);
      const saved = draft ? storedAnswers(draft.answers).filter((answer) => asked.has(answer.question_id)) : [];
      return {
        id: row.id,
        name: row.name,
        description: row.description,
        version: row.version,
        category: categories,
        result: questions,
        // A round whose document was generated keeps its row with no answers: that is no draft.
        draft: draft && saved.length > 0 ? { data: saved, updated_at: draft.updated_at } : null,
        draft_round: draft ? Number(draft.round) : 0,
      };
    },

    /** Saves the caller's answers so far (a reload loses nothing), unless their round's document was generated. */
    async saveDraft(
      actor: Actor,
      templateId: number,
      body: { data: Answer[]; round: number },
    ): Promise<{ detail: string; updated_at: string }> {
      await templates.requireRunnable(actor, templateId);
      const ticked = body.data.filter((answer) => answer.options.length > 1).map((answer) => answer.question_id);
      if (ticked.length)
        refuseSeveralForOne(body.data, await questionnaires.oneAnswerQuestions(actor.organisationId, ticked));
      const updatedAt = nowIso(ctx);
      const saved = await saveDraft(
        ctx.db,
        draftKey(actor, templateId),
        body.round,
        JSON.stringify(body.data),
        updatedAt,
      );
      if (!saved) throw conflict(M.draftStale);
      return { detail: M.draftSaved, updated_at: updatedAt };
    },

    /** "Start again" or Cancel: the caller's draft of the template is discarded. */
    async discardDraft(actor: Actor, templateId: number): Promise<{ detail: string }> {
      await templates.requireRunnable(actor, templateId);
      await discardDraft(ctx.db, draftKey(actor, templateId), nowIso(ctx));
      return { detail: M.draftDiscarded };
    },

    /**
     * POST execute/: fills the template's current version with the answers and records the execution
     * (answers, version, document, who, when). In the same transaction the draft is emptied and the next
     * round of answers starts, so a draft save of the round just submitted is refused from now on.
     */
    async execute(actor: Actor, body: ExecuteBody, signal: AbortSignal): Promise<Executed> {
      const { row, questions, relevant } = await answersFor(actor, body.templateId, body.data);
      const source = await templates.preparedVersion(actor.organisationId, row.id, row.version);
      const answers = answerMap(relevant);
      let document: Buffer;
      try {
        document = await templates.fill(
          actor,
          source,
          {
            tagValues: tagValues(questions, answers),
            templateAnswers: templateAnswers(questions, answers),
          },
          signal,
        );
      } catch (error) {
        if (error instanceof TemplateSyntaxError || error instanceof JinjaSyntaxError) {
          throw badRequest(`${M.executeFailed}: ${error.problems[0] ?? ''}`);
        }
        throw error;
      }
      const key = await blobStorage(ctx).put(STORAGE_AREA, document);
      try {
        const documentName = docxName(row.name);
        const { id, createdAt, draftRound } = await inTransaction(ctx, async (tx) => {
          const now = nowIso(tx);
          const executionId = await insertExecution(tx.db, {
            organisation_id: actor.organisationId,
            template_id: row.id,
            version: row.version,
            answers: JSON.stringify(relevant),
            document_name: documentName,
            file_key: key,
            file_size: document.length,
            created_by: actor.userId,
            created_at: now,
          });
          const draftRound = await startNextRound(tx.db, draftKey(actor, row.id), now);
          await auditService(tx).record(auditActor(actor), 'template_execution', executionId, 'created', {
            template_id: row.id,
            version: row.version,
          });
          return { id: executionId, createdAt: now, draftRound };
        });
        return {
          execution_id: id,
          template_id: row.id,
          version: row.version,
          document_name: documentName,
          file_path: documentPath(id),
          created_at: createdAt,
          draft_round: draftRound,
        };
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
    },

    /** GET execute/{id}/: a recorded execution with the questions as the template has them now. */
    async detail(actor: Actor, id: number): Promise<ExecutionDetail> {
      const row = await requireExecution(actor, id);
      const { categories, questions } = await templates.forExecution(actor, row.template_id);
      return {
        ...historyRowOf(row),
        execution_id: row.id,
        template_id: row.template_id,
        template_name: row.template_name,
        created_by: historyRowOf(row).created_by,
        data: storedAnswers(row.answers),
        category: categories,
        result: questions,
      };
    },

    async document(actor: Actor, id: number): Promise<GeneratedFile> {
      const row = await requireExecution(actor, id);
      return { fileName: row.document_name, data: await blobStorage(ctx).get(row.file_key) };
    },

    /**
     * GET execute/{id}/document/pdf/: the generated .docx as PDF, converted by LibreOffice in the queue every
     * organisation shares (429 past the caller's share). The stored file is read once the turn has come, so a
     * refused conversion costs nothing; access is checked first, so a foreign id never queues.
     */
    async documentPdf(actor: Actor, id: number, signal: AbortSignal): Promise<GeneratedFile> {
      const row = await requireExecution(actor, id);
      const data = await docxToPdf(ctx.config.pdf, userWork(actor, signal), () => blobStorage(ctx).get(row.file_key));
      return { fileName: pdfName(row.document_name), data };
    },

    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      const row = await requireExecution(actor, id);
      await inTransaction(ctx, async (tx) => {
        await deleteExecution(tx.db, actor.organisationId, id);
        await auditService(tx).record(auditActor(actor), 'template_execution', id, 'deleted', {
          template_id: row.template_id,
        });
      });
      await removeBlobs(ctx, [row.file_key]);
      return { detail: M.historyDeleted };
    },

    /** A template's executions: staff see everyone's, a user their own; a template they may not run is 404. */
    async history(
      actor: Actor,
      templateId: number,
      query: { page_no: number; limits: number; search_key?: string | undefined },
    ): Promise<ExecutionHistoryResponse> {
      await templates.requireRunnable(actor, templateId);
      const { rows, total } = await listExecutions(
        ctx.db,
        scopeOf(actor),
        { templateId, search: query.search_key },
        query,
      );
      return { data: rows.map(historyRowOf), page: pageInfoOf(query, total) };
    },

    /**
     * One user's executions and whose they are (name, email): staff may ask for anyone of their organisation,
     * a user only for themselves; anyone else is 404.
     */
    async userHistory(
      actor: Actor,
      userId: number,
      query: { page_no: number; limits: number; search_key?: string | undefined },
    ): Promise<UserExecutionHistoryResponse> {
      const scope = scopeOf(actor);
      if (scope.userId !== null && scope.userId !== userId) throw notFound();
      const account = await usersService(ctx).accountOf({ organisationId: actor.organisationId, userId });
      if (!account) throw notFound();
      const { rows, total } = await listExecutions(ctx.db, { ...scope, userId }, { search: query.search_key }, query);
      return {
        data: rows.map(historyRowOf),
        page: pageInfoOf(query, total),
        user: {
          user_id: account.id,
          name: nameOf(account.firstName, account.lastName) || account.email,
          email: account.email,
        },
      };
    },

    async historyUsers(actor: Actor, query: { page_no: number; limits: number }): Promise<ExecutionUsersResponse> {
      if (!can(actor, 'templates.history.users')) throw forbidden();
      const { rows, total } = await executionUsers(ctx.db, actor.organisationId, query);
      return {
        data: rows.map((row) => ({
          user_id: row.user_id,
          name: nameOf(row.first_name, row.last_name) || row.email,
          email: row.email,
          executions: row.executions,
          last_executed_at: row.last,
        })),
        page: pageInfoOf(query, total),
      };
    },

    /** POST template/export/questionnaire/: the answered questions as .docx or .xlsx. */
    async exportQa(actor: Actor, body: QaExportBody): Promise<GeneratedFile> {
      const { row, categories, questions, relevant } = await answersFor(actor, body.templateId, body.data);
      const names = new Map(categories.map((c) => [c.id, c.name]));
      const rows = answeredQuestions(questions, answerMap(relevant), names);
      const base = docxName(`${row.name} - questions and answers`).replace(/\.docx$/, '');
      if (body.format === 'xlsx') return { fileName: `${base}.xlsx`, data: await qaXlsx(row.name, rows) };
      return { fileName: `${base}.docx`, data: await qaDocx(row.name, rows, nowIso(ctx).slice(0, 10)) };
    },

    /**
     * POST template-casetask/{id}/: names the generated document (.docx added) and, unless it is only
     * downloaded, adds it to each chosen case's documents.
     */
    async caseTask(
      actor: Actor,
      templateId: number,
      body: CaseTaskBody,
      addToCase: (tx: AppContext, caseId: number, name: string, data: Buffer) => Promise<void>,
    ): Promise<CaseTaskResponse> {
      const match = PATH_PATTERN.exec(body.file_path);
      if (!match) throw badRequest(M.documentNotFound, { file_path: M.documentNotFound });
      const row = await requireExecution(actor, Number(match[1]));
      if (row.template_id !== templateId) throw notFound();
      const documentName = docxName(body.name);
      if (!body.is_download) {
        if (!actor.modules.case_permission) throw forbidden(M.caseModuleOff);
        if (body.case_id.length === 0) throw badRequest(M.selectCase, { case_id: M.selectCase });
      }
      await inTransaction(ctx, async (tx) => {
        await renameExecution(tx.db, actor.organisationId, row.id, documentName);
        if (!body.is_download) {
          const data = await blobStorage(ctx).get(row.file_key);
          for (const caseId of [...new Set(body.case_id)]) await addToCase(tx, caseId, documentName, data);
        }
      });
      return {
        detail: body.is_download ? M.downloaded : M.assignedToCase,
        file_path: documentPath(row.id),
        document_name: documentName,
      };
    },
  };
}
