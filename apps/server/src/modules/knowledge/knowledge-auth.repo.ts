import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { KnowledgeApiKeysTable, KnowledgeSessionsTable } from '../../db/tables/knowledge.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';

export type ApiKeyRecord = Selectable<KnowledgeApiKeysTable>;
export type KnowledgeSessionRecord = Selectable<KnowledgeSessionsTable>;

export async function insertHandoverCode(
  db: Db,
  values: { organisation_id: number; user_id: number; session_id: number; code_hash: string; expires_at: string },
): Promise<void> {
  await db.insertInto('knowledge_handover_codes').values(values).execute();
}

/**
 * Spends a hand-over code: marks it used only when it is unused and unexpired, in one statement, so two tabs
 * racing with the same code get it once. A pre-authentication lookup: the code's hash is the only key.
 */
export async function spendHandoverCode(
  db: Db,
  codeHash: string,
  now: string,
): Promise<{ organisation_id: number; user_id: number; session_id: number } | undefined> {
  return crossTenant(db, 'pre-authentication: a hand-over code is found by its hash alone')
    .updateTable('knowledge_handover_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['organisation_id', 'user_id', 'session_id'])
    .executeTakeFirst();
}

export async function insertKnowledgeSession(db: Db, values: Insertable<KnowledgeSessionsTable>): Promise<void> {
  await db.insertInto('knowledge_sessions').values(values).execute();
}

/** A live knowledge session by its token's hash (pre-authentication), with its main session's token hash. */
export async function findLiveKnowledgeSession(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<(KnowledgeSessionRecord & { main_token_hash: string }) | undefined> {
  return crossTenant(db, 'pre-authentication: a knowledge session is found by its token alone')
    .selectFrom('knowledge_sessions as k')
    .innerJoin('sessions as s', (join) =>
      join.onRef('s.id', '=', 'k.session_id').onRef('s.organisation_id', '=', 'k.organisation_id'),
    )
    .selectAll('k')
    .select('s.token_hash as main_token_hash')
    .where('k.token_hash', '=', tokenHash)
    .where('k.revoked_at', 'is', null)
    .where('k.expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeKnowledgeSession(db: Db, organisationId: number, id: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('knowledge_sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .execute();
}

/** The hourly sweep: spent or expired codes, dead knowledge sessions (their main session's end cascades). */
export async function purgeExpired(db: Db, now: string): Promise<void> {
  const all = crossTenant(db, 'housekeeping: expired hand-over codes and knowledge sessions of every organisation');
  await all
    .deleteFrom('knowledge_handover_codes')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute();
  await all
    .deleteFrom('knowledge_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .execute();
}

// API keys ----------------------------------------------------------------------------------------------

export async function insertApiKey(db: Db, values: Insertable<KnowledgeApiKeysTable>): Promise<number> {
  return (await db.insertInto('knowledge_api_keys').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function apiKeysOf(db: Db, organisationId: number): Promise<ApiKeyRecord[]> {
  return scoped(db, organisationId)
    .selectFrom('knowledge_api_keys')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function findApiKey(db: Db, organisationId: number, id: number): Promise<ApiKeyRecord | undefined> {
  return scoped(db, organisationId)
    .selectFrom('knowledge_api_keys')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function revokeApiKey(db: Db, organisationId: number, id: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('knowledge_api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A live key by its hash (pre-authentication of a service call): not revoked, not expired. */
export async function findLiveApiKey(db: Db, keyHash: string, now: string): Promise<ApiKeyRecord | undefined> {
  return crossTenant(db, 'pre-authentication: an API key is found by its hash alone')
    .selectFrom('knowledge_api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Revokes every live key of the organisation (its Knowledge switched off): they never answer again. */
export async function revokeApiKeysOf(db: Db, organisationId: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('knowledge_api_keys')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchApiKey(db: Db, organisationId: number, id: number, now: string): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('knowledge_api_keys')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .execute();
}
