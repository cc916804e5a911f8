import type { Selectable } from 'kysely';
import type { AuditEventsTable, Db } from '../../db/database.types.ts';

export type AuditRow = Selectable<AuditEventsTable>;

export async function insertAuditEvent(db: Db, row: Omit<AuditRow, 'id'>): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

export async function listAuditEvents(
  db: Db,
  organisationId: number,
  entity: string,
  entityId: number,
): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('organisation_id', '=', organisationId)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}
