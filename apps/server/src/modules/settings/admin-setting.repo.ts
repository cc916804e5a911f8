import { sql } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import { likePattern } from '../../db/like.ts';
import { crossTenant } from '../../db/tenant-scope.ts';

/** Read-only, installation-wide queries of Admin Setting (super only): the audit log (outbox counts: platform/mail). */

const containsPattern = (search: string) => sql<string>`${likePattern(search)} escape '\\'`;

/**
 * The installation-wide log shows events about organisations, their users and the installation's settings
 * only: a firm's client content (cases, documents, emails, templates and their answers, searches) stays in the
 * firm's own views, never on the provider's screens. A new entity is hidden until it is added here.
 */
export const INSTALLATION_AUDIT_ENTITIES = ['organisation', 'user', 'settings'] as const;

function auditScope(db: Db, search: string | undefined) {
  let query = crossTenant(db, 'Admin Setting: the installation-wide audit log (super user)')
    .selectFrom('audit_events as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .leftJoin('organisations as o', 'o.id', 'a.organisation_id')
    .where('a.entity', 'in', INSTALLATION_AUDIT_ENTITIES);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['a.entity']), 'like', pattern),
        eb(eb.fn('lower', ['a.action']), 'like', pattern),
        eb(eb.fn('lower', ['a.changes']), 'like', pattern),
        eb(eb.fn('lower', ['u.email']), 'like', pattern),
        eb(eb.fn('lower', ['o.name']), 'like', pattern),
      ]),
    );
  }
  return query;
}

export interface AuditLogRow {
  id: number;
  created_at: string;
  organisation_id: number;
  organisation: string | null;
  actor_user_id: number | null;
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  entity: string;
  entity_id: number | null;
  action: string;
  changes: string;
}

export async function countAuditLog(db: Db, search: string | undefined): Promise<number> {
  const row = await auditScope(db, search)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of every organisation's audit events, newest first. */
export async function listAuditLog(
  db: Db,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<AuditLogRow[]> {
  return auditScope(db, search)
    .select([
      'a.id',
      'a.created_at',
      'a.organisation_id',
      'o.name as organisation',
      'a.actor_user_id',
      'u.email as actor_email',
      'u.first_name as actor_first_name',
      'u.last_name as actor_last_name',
      'a.entity',
      'a.entity_id',
      'a.action',
      'a.changes',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
