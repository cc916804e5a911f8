import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { DocumentTemplatesTable, DocumentTemplateVersionsTable } from '../../db/tables/templates.ts';
import { scoped } from '../../db/tenant-scope.ts';

export type TemplateRowData = Selectable<DocumentTemplatesTable> & {
  creator_first: string | null;
  creator_last: string | null;
};

/** Who may see a template: staff see every template of the organisation; a user those assigned to them. */
export interface TemplateViewer {
  organisationId: number;
  /** null: no restriction (staff). */
  userId: number | null;
}

function visible(db: Db, viewer: TemplateViewer) {
  let query = scoped(db, viewer.organisationId)
    .selectFrom('document_templates')
    .leftJoin('users', 'users.id', 'document_templates.created_by');
  if (viewer.userId !== null) {
    const userId = viewer.userId;
    query = query.where((eb) =>
      eb.or([
        eb('document_templates.everyone', '=', 1),
        eb.exists(
          eb
            .selectFrom('document_template_users')
            .select('document_template_users.id')
            .whereRef('document_template_users.template_id', '=', 'document_templates.id')
            .where('document_template_users.user_id', '=', userId),
        ),
      ]),
    );
  }
  return query;
}

export async function listTemplates(
  db: Db,
  viewer: TemplateViewer,
  page: { page_no: number; limits: number; search_key?: string | undefined },
): Promise<{ rows: TemplateRowData[]; total: number }> {
  let base = visible(db, viewer);
  if (page.search_key) {
    const pattern = `%${page.search_key.toLowerCase()}%`;
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['document_templates.name']), 'like', pattern),
        eb(eb.fn('lower', ['document_templates.description']), 'like', pattern),
      ]),
    );
  }
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll('document_templates')
    .select(['users.first_name as creator_first', 'users.last_name as creator_last'])
    .orderBy('document_templates.updated_at', 'desc')
    .orderBy('document_templates.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findTemplate(db: Db, viewer: TemplateViewer, id: number): Promise<TemplateRowData | undefined> {
  return visible(db, viewer)
    .selectAll('document_templates')
    .select(['users.first_name as creator_first', 'users.last_name as creator_last'])
    .where('document_templates.id', '=', id)
    .executeTakeFirst();
}

export async function insertTemplate(db: Db, values: Insertable<DocumentTemplatesTable>): Promise<number> {
  const row = await db.insertInto('document_templates').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertVersion(db: Db, values: Insertable<DocumentTemplateVersionsTable>): Promise<void> {
  await db.insertInto('document_template_versions').values(values).execute();
}

export async function updateTemplate(
  db: Db,
  organisationId: number,
  id: number,
  values: Partial<Insertable<DocumentTemplatesTable>>,
): Promise<void> {
  await scoped(db, organisationId).updateTable('document_templates').set(values).where('id', '=', id).execute();
}

/** Every blob key of the template (versions and executions), for removal after the rows are gone. */
export async function blobKeysOfTemplate(db: Db, organisationId: number, id: number): Promise<string[]> {
  const versions = await scoped(db, organisationId)
    .selectFrom('document_template_versions')
    .select('file_key')
    .where('template_id', '=', id)
    .execute();
  const executions = await scoped(db, organisationId)
    .selectFrom('template_executions')
    .select('file_key')
    .where('template_id', '=', id)
    .execute();
  return [...versions, ...executions].map((row) => row.file_key);
}

export async function deleteTemplate(db: Db, organisationId: number, id: number): Promise<void> {
  await scoped(db, organisationId).deleteFrom('document_templates').where('id', '=', id).execute();
}

export async function versionOf(db: Db, organisationId: number, templateId: number, version: number) {
  return scoped(db, organisationId)
    .selectFrom('document_template_versions')
    .selectAll()
    .where('template_id', '=', templateId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Per template: category_id → active flag, for categories whose flag the author set (one query for a page). */
export async function categoryFlags(
  db: Db,
  organisationId: number,
  templateIds: readonly number[],
): Promise<Map<number, Map<number, boolean>>> {
  const byTemplate = new Map<number, Map<number, boolean>>(templateIds.map((id) => [id, new Map()]));
  if (templateIds.length === 0) return byTemplate;
  const rows = await scoped(db, organisationId)
    .selectFrom('document_template_categories')
    .select(['template_id', 'category_id', 'is_active'])
    .where('template_id', 'in', [...templateIds])
    .execute();
  for (const row of rows) byTemplate.get(row.template_id)?.set(row.category_id, row.is_active === 1);
  return byTemplate;
}

export async function setCategoryFlag(
  db: Db,
  organisationId: number,
  templateId: number,
  categoryId: number,
  active: boolean,
): Promise<void> {
  const updated = await scoped(db, organisationId)
    .updateTable('document_template_categories')
    .set({ is_active: active ? 1 : 0 })
    .where('template_id', '=', templateId)
    .where('category_id', '=', categoryId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await db
    .insertInto('document_template_categories')
    .values({
      organisation_id: organisationId,
      template_id: templateId,
      category_id: categoryId,
      position: 0,
      is_active: active ? 1 : 0,
    })
    .execute();
}

export async function assignedUserIds(db: Db, organisationId: number, templateId: number): Promise<number[]> {
  const rows = await scoped(db, organisationId)
    .selectFrom('document_template_users')
    .select('user_id')
    .where('template_id', '=', templateId)
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

export async function replaceAssignedUsers(
  db: Db,
  organisationId: number,
  templateId: number,
  userIds: readonly number[],
): Promise<void> {
  await scoped(db, organisationId)
    .deleteFrom('document_template_users')
    .where('template_id', '=', templateId)
    .execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('document_template_users')
    .values(userIds.map((userId) => ({ organisation_id: organisationId, template_id: templateId, user_id: userId })))
    .execute();
}

/** Users of the organisation a template can be assigned to. */
export async function organisationUsers(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

/** The organisation's templates by name and file name, for sub-documents (`include_docx_template('x.docx')`). */
export async function templateFiles(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('document_templates')
    .select(['id', 'name', 'file_name', 'version', 'file_key', 'tags'])
    .orderBy('id')
    .execute();
}
