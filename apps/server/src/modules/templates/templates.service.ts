import {
  can,
  templateMessages as M,
  type AssignmentBody,
  type AssignmentResponse,
  type PagedSearchQuery,
  type QuestionView,
  type TemplateActions,
  type TemplateCategory,
  type TemplateDetail,
  type TemplateFields,
  type TemplateListResponse,
  type TemplateRow,
  type TemplateSaved,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { categoriesService, questionnairesService } from '../questionnaires/index.ts';
import { NEVER_ABORTED, userWork, type WorkRequester } from '../../platform/queues/fair-queue.ts';
import { inspectTemplateInWorker, TemplateSyntaxError, type PreparedTemplate } from './docx/docx-engine.ts';
import { JinjaSyntaxError } from './docx/jinja/jinja-engine.ts';
import { inspectJinjaInWorker } from './docx/jinja/jinja-worker.ts';
import { templateTagsOf } from './docx/jinja/template-uses.ts';
import { matchedCategories, tagMatching, type TagSource } from './tag-matching.ts';
import { preparedVersion } from './template-cache.ts';
import { firmCurrencyOf } from '../invoices/index.ts';
import { interviewQuestions } from './interview.ts';
import { fillTemplate, isDocxtplSyntax, subdocumentTags, type FillAnswers } from './template-fill.ts';
import {
  assignedUserIds,
  blobKeysOfTemplate,
  categoryFlags,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  insertVersion,
  listTemplates,
  organisationUsers,
  replaceAssignedUsers,
  setCategoryFlag,
  updateTemplate,
  versionOf,
  type TemplateRowData,
  type TemplateViewer,
} from './templates.repo.ts';

const STORAGE_AREA = 'templates';
const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const NO_FLAGS: ReadonlyMap<number, boolean> = new Map();

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

/** Staff see every template of the organisation; a user those assigned to them (or to everyone). */
export function viewerOf(actor: Actor): TemplateViewer {
  return {
    organisationId: actor.organisationId,
    userId: can(actor, 'templates.templates.write') ? null : actor.userId,
  };
}

function actionsOf(actor: Actor): TemplateActions {
  const staff = can(actor, 'templates.templates.write');
  return { assign: staff, edit: staff, history: true, copy_link: true, delete: staff, execute: true };
}

/**
 * How a firm's documents write dates and numbers, from its currency (there is no locale setting yet): a GBP firm
 * writes "5 December 2026" and "£1,234.50", a USD firm "December 5, 2026" and "$1,234.50".
 */
const CURRENCY_LOCALES: Readonly<Record<string, string>> = {
  USD: 'en-US',
  GBP: 'en-GB',
  EUR: 'en-IE',
  CAD: 'en-CA',
  AUD: 'en-AU',
  CHF: 'en-CH',
  INR: 'en-IN',
};

function tagsOf(row: { tags: string }): string[] {
  return JSON.parse(row.tags) as string[];
}

/**
 * The .docx's tags, or 400 naming every place Lexdesk cannot fill (never a 500 for a bad document). A file the
 * plain dialect refuses is read as the docxtpl dialect (docs/template-language.md); its tags are then the
 * variables and attribute paths it uses, in document order. Both run on a parsing worker.
 */
async function inspect(ctx: AppContext, who: WorkRequester, file: UploadedFile): Promise<string[]> {
  if (!/\.docx$/i.test(file.fileName)) throw badRequest(M.fileRequired, { file: M.fileRequired });
  let plainProblems: string[];
  try {
    return (await inspectTemplateInWorker(ctx.config.parse, who, file.data)).tags;
  } catch (error) {
    if (!(error instanceof TemplateSyntaxError)) throw error;
    plainProblems = error.problems;
  }
  // Only what reads as template syntax the plain dialect lacks goes on to the docxtpl dialect; a broken zip,
  // a zip bomb or a misspelt plain tag keeps the plain dialect's own message.
  const refuse = (problems: string[]) => badRequest(problems.join('\n'), { file: problems[0] ?? M.fileRequired });
  if (!plainProblems.some(isDocxtplSyntax)) throw refuse(plainProblems);
  try {
    return templateTagsOf((await inspectJinjaInWorker(ctx.config.parse, who, file.data)).uses);
  } catch (error) {
    if (!(error instanceof JinjaSyntaxError)) throw error;
    // The template language's problems, then the plain dialect's others (a tag with spaces says what to write).
    throw refuse([...error.problems, ...plainProblems.filter((problem) => !isDocxtplSyntax(problem))].slice(0, 5));
  }
}

/** Templates of the caller's organisation: upload, replace, tag matching, categories, assignment (spec 02 §6). */
export function templatesService(ctx: AppContext) {
  const questionnaires = questionnairesService(ctx);

  const requireTemplate = async (actor: Actor, id: number): Promise<TemplateRowData> => {
    const row = await findTemplate(ctx.db, viewerOf(actor), id);
    if (!row) throw notFound();
    return row;
  };
  const requireWrite = (actor: Actor) => {
    if (!can(actor, 'templates.templates.write')) throw forbidden();
  };

  /** The organisation's question tags and the names of their categories: the same for every template. */
  const tagSourcesOf = async (organisationId: number) => {
    const sources: TagSource[] = await questionnaires.tags(organisationId);
    const categoryIds = [...new Set(sources.map((s) => s.category_id).filter((id): id is number => id !== null))];
    const names = new Map(
      (await categoriesService(ctx).byIds(organisationId, categoryIds)).map((c) => [c.category_id, c.category_name]),
    );
    return { sources, names };
  };

  /** The template's categories (with the author's active flags) from the document's tags. */
  const categoriesOf = async (organisationId: number, templateId: number, documentTags: string[]) => {
    const { sources, names } = await tagSourcesOf(organisationId);
    const flags = await categoryFlags(ctx.db, organisationId, [templateId]);
    return { sources, categories: matchedCategories(documentTags, sources, names, flags.get(templateId) ?? NO_FLAGS) };
  };

  const matchingOf = async (organisationId: number, templateId: number, documentTags: string[]) => {
    const { sources, categories } = await categoriesOf(organisationId, templateId, documentTags);
    const questions = await questionnaires.questionsOfCategories(
      organisationId,
      categories.map((c) => c.id),
    );
    return { categories, questions, matching: tagMatching(documentTags, sources, questions) };
  };

  const rowOf = (actor: Actor, row: TemplateRowData, categoryCount: number): TemplateRow => ({
    id: row.id,
    name: row.name,
    description: row.description,
    file_name: row.file_name,
    version: row.version,
    tag_count: tagsOf(row).length,
    category_count: categoryCount,
    created_by: nameOf(row.creator_first, row.creator_last),
    updated_at: row.updated_at,
    actions: actionsOf(actor),
  });

  const detailOf = async (actor: Actor, row: TemplateRowData): Promise<TemplateDetail> => {
    const tags = tagsOf(row);
    const { categories, matching } = await matchingOf(actor.organisationId, row.id, tags);
    return {
      ...rowOf(actor, row, categories.length),
      tags,
      matching,
      categories,
      assignment: {
        everyone: row.everyone === 1,
        user_ids: await assignedUserIds(ctx.db, actor.organisationId, row.id),
      },
    };
  };

  return {
    async list(actor: Actor, query: PagedSearchQuery): Promise<TemplateListResponse> {
      const { rows, total } = await listTemplates(ctx.db, viewerOf(actor), query);
      // The page's categories in three queries, whatever its size (not three per row).
      const { sources, names } = await tagSourcesOf(actor.organisationId);
      const templateIds = rows.map((row) => row.id);
      const flags = await categoryFlags(ctx.db, actor.organisationId, templateIds);
      const data = rows.map((row) => {
        const categories = matchedCategories(tagsOf(row), sources, names, flags.get(row.id) ?? NO_FLAGS);
        return rowOf(actor, row, categories.length);
      });
      return { data, page: pageInfoOf(query, total) };
    },

    async detail(actor: Actor, id: number): Promise<TemplateDetail> {
      return detailOf(actor, await requireTemplate(actor, id));
    },

    /** Uploads a new template (version 1); the document's tags are read first, so a bad file stores nothing. */
    async create(
      actor: Actor,
      fields: TemplateFields,
      file: UploadedFile,
      signal: AbortSignal,
    ): Promise<TemplateSaved> {
      requireWrite(actor);
      const tags = await inspect(ctx, userWork(actor, signal), file);
      const key = await blobStorage(ctx).put(STORAGE_AREA, file.data);
      let id: number;
      try {
        id = await inTransaction(ctx, async (tx) => {
          const now = nowIso(tx);
          const common = {
            file_key: key,
            file_name: file.fileName,
            file_size: file.data.length,
            tags: JSON.stringify(tags),
          };
          const templateId = await insertTemplate(tx.db, {
            organisation_id: actor.organisationId,
            name: fields.name,
            description: fields.description,
            version: 1,
            ...common,
            created_by: actor.userId,
            created_at: now,
            updated_at: now,
          });
          await insertVersion(tx.db, {
            organisation_id: actor.organisationId,
            template_id: templateId,
            version: 1,
            ...common,
            uploaded_by: actor.userId,
            created_at: now,
          });
          await auditService(tx).record(auditActor(actor), 'document_template', templateId, 'created', { version: 1 });
          return templateId;
        });
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
      return { detail: M.templateUploaded, template: await detailOf(actor, await requireTemplate(actor, id)) };
    },

    /** Replaces the document with a new version; executions keep the version they were made from. */
    async replaceFile(actor: Actor, id: number, file: UploadedFile, signal: AbortSignal): Promise<TemplateSaved> {
      requireWrite(actor);
      await requireTemplate(actor, id);
      const tags = await inspect(ctx, userWork(actor, signal), file);
      const key = await blobStorage(ctx).put(STORAGE_AREA, file.data);
      try {
        await inTransaction(ctx, async (tx) => {
          const current = await findTemplate(tx.db, viewerOf(actor), id);
          if (!current) throw notFound();
          const now = nowIso(tx);
          const version = current.version + 1;
          const common = {
            file_key: key,
            file_name: file.fileName,
            file_size: file.data.length,
            tags: JSON.stringify(tags),
          };
          await insertVersion(tx.db, {
            organisation_id: actor.organisationId,
            template_id: id,
            version,
            ...common,
            uploaded_by: actor.userId,
            created_at: now,
          });
          await updateTemplate(tx.db, actor.organisationId, id, { version, ...common, updated_at: now });
          await auditService(tx).record(auditActor(actor), 'document_template', id, 'file.replaced', { version });
        });
      } catch (error) {
        await removeBlobs(ctx, [key]);
        throw error;
      }
      return { detail: M.templateReplaced, template: await detailOf(actor, await requireTemplate(actor, id)) };
    },

    async update(actor: Actor, id: number, fields: TemplateFields): Promise<TemplateSaved> {
      requireWrite(actor);
      const before = await requireTemplate(actor, id);
      await inTransaction(ctx, async (tx) => {
        await updateTemplate(tx.db, actor.organisationId, id, { ...fields, updated_at: nowIso(tx) });
        await auditService(tx).record(auditActor(actor), 'document_template', id, 'updated', {
          fields: before.name === fields.name ? [] : ['name'],
        });
      });
      return { detail: M.templateUpdated, template: await detailOf(actor, await requireTemplate(actor, id)) };
    },

    /** Deletes the template with its versions, categories, assignments, drafts and executions (and their files). */
    async remove(actor: Actor, id: number): Promise<{ detail: string }> {
      requireWrite(actor);
      await requireTemplate(actor, id);
      const keys = await inTransaction(ctx, async (tx) => {
        const blobKeys = await blobKeysOfTemplate(tx.db, actor.organisationId, id);
        await deleteTemplate(tx.db, actor.organisationId, id);
        await auditService(tx).record(auditActor(actor), 'document_template', id, 'deleted');
        return blobKeys;
      });
      await removeBlobs(ctx, keys);
      return { detail: M.templateDeleted };
    },

    async setCategoryActive(actor: Actor, id: number, categoryId: number, active: boolean): Promise<TemplateSaved> {
      requireWrite(actor);
      const row = await requireTemplate(actor, id);
      const { categories } = await categoriesOf(actor.organisationId, id, tagsOf(row));
      if (!categories.some((c) => c.id === categoryId)) throw notFound();
      await inTransaction(ctx, async (tx) => {
        await setCategoryFlag(tx.db, actor.organisationId, id, categoryId, active);
        await auditService(tx).record(auditActor(actor), 'document_template', id, 'category.active', {
          category_id: categoryId,
          active,
        });
      });
      return { detail: M.categoryUpdated, template: await detailOf(actor, await requireTemplate(actor, id)) };
    },

    async assignment(actor: Actor, id: number): Promise<AssignmentResponse> {
      requireWrite(actor);
      const row = await requireTemplate(actor, id);
      const users = await organisationUsers(ctx.db, actor.organisationId);
      return {
        everyone: row.everyone === 1,
        user_ids: await assignedUserIds(ctx.db, actor.organisationId, id),
        users: users.map((u) => ({ id: u.id, name: nameOf(u.first_name, u.last_name) || u.email, email: u.email })),
      };
    },

    async assign(actor: Actor, id: number, body: AssignmentBody): Promise<{ detail: string }> {
      requireWrite(actor);
      await requireTemplate(actor, id);
      const members = new Set((await organisationUsers(ctx.db, actor.organisationId)).map((u) => u.id));
      const userIds = [...new Set(body.user_ids)];
      if (userIds.some((userId) => !members.has(userId))) {
        throw badRequest(M.userNotInOrganisation, { user_ids: M.userNotInOrganisation });
      }
      await inTransaction(ctx, async (tx) => {
        await updateTemplate(tx.db, actor.organisationId, id, { everyone: body.everyone ? 1 : 0 });
        await replaceAssignedUsers(tx.db, actor.organisationId, id, userIds);
        await auditService(tx).record(auditActor(actor), 'document_template', id, 'assigned', {
          everyone: body.everyone,
          user_ids: userIds,
        });
      });
      return { detail: M.templateAssigned };
    },

    /** The template's current .docx (staff only: users get generated documents, not the precedent). */
    async file(actor: Actor, id: number): Promise<UploadedFile> {
      requireWrite(actor);
      const row = await requireTemplate(actor, id);
      return { fileName: row.file_name, data: await blobStorage(ctx).get(row.file_key) };
    },

    // ---- for the executions module ----

    /** 404 unless the actor may run the template, as forExecution, without loading its categories and questions. */
    async requireRunnable(actor: Actor, id: number): Promise<void> {
      await requireTemplate(actor, id);
    },

    /** The template as the actor may run it: row, active categories and their top-level questions. */
    async forExecution(
      actor: Actor,
      id: number,
      signal: AbortSignal = NEVER_ABORTED,
    ): Promise<{ row: TemplateRowData; categories: TemplateCategory[]; questions: QuestionView[] }> {
      const row = await requireTemplate(actor, id);
      const { categories } = await categoriesOf(actor.organisationId, id, tagsOf(row));
      const active = categories.filter((c) => c.active);
      const all = await questionnaires.questionsOfCategories(
        actor.organisationId,
        active.map((c) => c.id),
      );
      // Grouped by category in the template's category order (the left list jumps to a category's page), only
      // the questions the document (and its sub-documents) reads.
      const source = await this.preparedVersion(actor.organisationId, row.id, row.version);
      const subTags = await subdocumentTags(ctx, userWork(actor, signal), actor.organisationId, source);
      const questions = interviewQuestions(
        active.flatMap((c) => all.filter((q) => q.category === c.id)),
        [...tagsOf(row), ...subTags],
      );
      return { row, categories: active, questions };
    },

    /** One version of a template of the organisation, ready to render (its file is read once per version). */
    async preparedVersion(organisationId: number, templateId: number, version: number): Promise<PreparedTemplate> {
      return preparedVersion(ctx.db, { organisationId, templateId, version }, async () => {
        const row = await versionOf(ctx.db, organisationId, templateId, version);
        if (!row) throw notFound();
        return blobStorage(ctx).get(row.file_key);
      });
    },

    /**
     * Fills a version with the answers in its dialect (template-fill.ts); the docxtpl dialect on a parsing
     * worker, in the caller's fair share of it.
     */
    async fill(actor: Actor, source: PreparedTemplate, answers: FillAnswers, signal: AbortSignal): Promise<Buffer> {
      const currency = await firmCurrencyOf(ctx, actor.organisationId);
      return fillTemplate(ctx, userWork(actor, signal), actor.organisationId, source, answers, {
        currency,
        today: ctx.now().toISOString(),
        timeZone: 'UTC',
        locale: CURRENCY_LOCALES[currency] ?? 'en-US',
      });
    },

    /** For template exports: the row of a template of the organisation (staff view). */
    async rowForExport(organisationId: number, id: number): Promise<TemplateRowData> {
      const row = await findTemplate(ctx.db, { organisationId, userId: null }, id);
      if (!row) throw notFound();
      return row;
    },
  };
}
