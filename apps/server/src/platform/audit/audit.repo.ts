import type { Selectable } from 'kysely';
import type { AuditEventsTable, Db } from '../../db/database.types.ts';
import { scoped } from '../../db/tenant-scope.ts';

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
  return scoped(db, organisationId)
    .selectFrom('audit_events')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
}
