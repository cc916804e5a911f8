import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { DocumentTypesTable } from '../../db/tables/questionnaires.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { ALL_ORGANISATIONS } from '../../platform/access/actor.ts';

/** The organisation's document type with this name key (the lower-case name), if any. */
export async function findDocumentTypeByKey(db: Db, organisationId: number, nameKey: string) {
  return scoped(db, organisationId)
    .selectFrom('document_types')
    .select('id')
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

/** Every document type of the organisation, by name. */
export async function listDocumentTypes(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('document_types')
    .select(['id', 'type_name', 'description'])
    .orderBy('name_key')
    .execute();
}

export async function insertDocumentType(db: Db, values: Insertable<DocumentTypesTable>): Promise<number> {
  const row = await db.insertInto('document_types').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** False when the organisation has no such type. */
export async function updateDocumentType(
  db: Db,
  organisationId: number,
  id: number,
  patch: Updateable<DocumentTypesTable>,
): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('document_types')
    .set(patch)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A document type with its organisation's name, in `organisationId` (or any organisation for null). */
export async function findDocumentTypeWithOrganisation(db: Db, organisationId: number | null, id: number) {
  return scoped(db, organisationId ?? ALL_ORGANISATIONS)
    .selectFrom('document_types as t')
    .innerJoin('organisations as o', 'o.id', 't.organisation_id')
    .select(['t.id', 't.type_name', 't.description', 't.organisation_id', 'o.name as organisation_name'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** The organisation's document types with its name, by name (the concept list page). */
export async function listDocumentTypesWithOrganisation(db: Db, organisationId: number) {
  return scoped(db, organisationId)
    .selectFrom('document_types as t')
    .innerJoin('organisations as o', 'o.id', 't.organisation_id')
    .select(['t.id', 't.type_name', 't.description', 't.organisation_id', 'o.name as organisation_name'])
    .orderBy('t.name_key')
    .orderBy('t.id')
    .execute();
}

/** False when the organisation has no such type. Lists and templates using it keep working without it. */
export async function deleteDocumentType(db: Db, organisationId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('document_types')
    .where('organisation_id', '=', organisationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
