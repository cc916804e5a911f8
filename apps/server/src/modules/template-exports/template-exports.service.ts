import {
  can,
  templateMessages as M,
  type ExportQuestionnairesBody,
  type PackageHistoryResponse,
  type PackageSaved,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors/http-error.ts';
import { pageInfoOf } from '../../platform/http/route-schemas.ts';
import { blobStorage, removeBlobs } from '../../platform/storage/storage.service.ts';
import { organisationsService } from '../organisations/index.ts';
import { categoriesService, questionnairesService } from '../questionnaires/index.ts';
import { templatesService } from '../templates/index.ts';
import { buildPackage, parsePackage, toInput, type PackageContent } from './package.ts';
import { findPackage, insertPackage, listPackages } from './template-exports.repo.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';

const STORAGE_AREA = 'template-packages';
const auditActor = (actor: Actor) => ({ userId: actor.userId, organisationId: actor.organisationId });
export const packagePath = (id: number) => `/api/template-export/history/${id}/file/`;

/** Export and import of template packages, and their history (super only). */
export function templateExportsService(ctx: AppContext) {
  const requireSuper = (actor: Actor) => {
    if (!can(actor, 'templates.exports.manage')) throw forbidden();
  };

  /** The questionnaires of the categories as portable forms, by category name. */
  const questionnairesOf = async (organisationId: number, categoryIds: readonly number[]) => {
    const names = await categoriesService(ctx).byIds(organisationId, categoryIds);
    if (names.length !== new Set(categoryIds).size) throw notFound();
    const questions = questionnairesService(ctx);
    const result: PackageContent['questionnaires'] = [];
    for (const category of names) {
      const views = await questions.questionsOfCategories(organisationId, [category.category_id]);
      if (views.length > 0) result.push({ category_name: category.category_name, form: views.map(toInput) });
    }
    return result;
  };

  /** Stores a package blob and its history row in one go. */
  const record = async (
    actor: Actor,
    row: { kind: 'export' | 'import'; scope: string; name: string; target: number | null; summary: string },
    data: Buffer,
  ): Promise<PackageSaved> => {
    const key = await blobStorage(ctx).put(STORAGE_AREA, data);
    try {
      const id = await inTransaction(ctx, async (tx) => {
        const packageId = await insertPackage(tx.db, {
          organisation_id: actor.organisationId,
          kind: row.kind,
          scope: row.scope,
          name: row.name,
          file_key: key,
          file_size: data.length,
          target_organisation_id: row.target,
          summary: row.summary,
          created_by: actor.userId,
          created_at: nowIso(tx),
        });
        await auditService(tx).record(
          auditActor(actor),
          'template_package',
          packageId,
          row.kind === 'export' ? 'exported' : 'imported',
          {
            scope: row.scope,
          },
        );
        return packageId;
      });
      return {
        detail: row.kind === 'export' ? M.exported : M.imported,
        id,
        file_path: packagePath(id),
        summary: row.summary,
      };
    } catch (error) {
      await removeBlobs(ctx, [key]);
      throw error;
    }
  };

  const summaryOf = (content: PackageContent) => {
    const questions = content.questionnaires.reduce((n, q) => n + q.form.length, 0);
    return `${content.templates.length} template(s), ${content.questionnaires.length} questionnaire(s), ${questions} question(s)`;
  };

  return {
    /** A template with the questionnaires of its categories. */
    async exportTemplate(actor: Actor, templateId: number): Promise<PackageSaved> {
      requireSuper(actor);
      const templates = templatesService(ctx);
      const detail = await templates.detail(actor, templateId);
      const file = await templates.file(actor, templateId);
      const content: PackageContent = {
        scope: 'template',
        questionnaires: await questionnairesOf(
          actor.organisationId,
          detail.categories.map((c) => c.id),
        ),
        templates: [{ name: detail.name, description: detail.description, file_name: file.fileName, data: file.data }],
      };
      const data = buildPackage(content, nowIso(ctx));
      return record(
        actor,
        { kind: 'export', scope: 'template', name: `${detail.name}.zip`, target: null, summary: summaryOf(content) },
        data,
      );
    },

    async exportQuestionnaires(actor: Actor, body: ExportQuestionnairesBody): Promise<PackageSaved> {
      requireSuper(actor);
      const content: PackageContent = {
        scope: 'questionnaires',
        questionnaires: await questionnairesOf(actor.organisationId, body.category_ids),
        templates: [],
      };
      const data = buildPackage(content, nowIso(ctx));
      return record(
        actor,
        {
          kind: 'export',
          scope: 'questionnaires',
          name: 'questionnaires.zip',
          target: null,
          summary: summaryOf(content),
        },
        data,
      );
    },

    /**
     * Imports a package into an organisation: each questionnaire under a new category (renamed when the
     * name is taken), then the templates, which match the imported questions by their tags.
     */
    async importPackage(
      actor: Actor,
      organisationId: number,
      fileName: string,
      data: Buffer,
      signal: AbortSignal,
    ): Promise<PackageSaved> {
      requireSuper(actor);
      const organisations = await organisationsService(ctx).options(actor);
      const target = organisations.find((o) => o.id === organisationId);
      if (!target) throw badRequest(M.chooseOrganisation, { organisation_id: M.chooseOrganisation });
      const content = await parsePackage(data, ctx.config.parse, userWork(actor, signal));
      const inTarget: Actor = { ...actor, organisationId };
      await inTransaction(ctx, async (tx) => {
        const categories = categoriesService(tx);
        const taken = new Set((await categories.list(inTarget)).data.map((c) => c.category_name.toLowerCase()));
        for (const questionnaire of content.questionnaires) {
          let name = questionnaire.category_name;
          for (let n = 1; taken.has(name.toLowerCase()); n += 1)
            name = `${questionnaire.category_name} (imported${n > 1 ? ` ${n}` : ''})`.slice(0, 254);
          taken.add(name.toLowerCase());
          const category = await categories.create(inTarget, { name });
          await questionnairesService(tx).create(inTarget, {
            category: category.category_id,
            form: questionnaire.form,
          });
        }
        for (const template of content.templates) {
          await templatesService(tx).create(
            inTarget,
            { name: template.name, description: template.description },
            { fileName: template.file_name, data: template.data },
            signal,
          );
        }
      });
      return record(
        actor,
        { kind: 'import', scope: content.scope, name: fileName, target: organisationId, summary: summaryOf(content) },
        data,
      );
    },

    async history(actor: Actor, query: { page_no: number; limits: number }): Promise<PackageHistoryResponse> {
      requireSuper(actor);
      const { rows, total } = await listPackages(ctx.db, actor.organisationId, query);
      return {
        data: rows.map((row) => ({
          id: row.id,
          kind: row.kind as 'export' | 'import',
          scope: row.scope as 'template' | 'questionnaires',
          name: row.name,
          target_organisation: row.target_name ?? null,
          summary: row.summary,
          created_by: [row.first_name, row.last_name].filter(Boolean).join(' '),
          created_at: row.created_at,
          file_path: packagePath(row.id),
        })),
        page: pageInfoOf(query, total),
      };
    },

    async file(actor: Actor, id: number): Promise<{ fileName: string; data: Buffer }> {
      requireSuper(actor);
      const row = await findPackage(ctx.db, actor.organisationId, id);
      if (!row) throw notFound();
      return {
        fileName: row.name.endsWith('.zip') ? row.name : `${row.name}.zip`,
        data: await blobStorage(ctx).get(row.file_key),
      };
    },
  };
}
