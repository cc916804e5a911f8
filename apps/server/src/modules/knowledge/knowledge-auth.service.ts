import {
  KNOWLEDGE_LIMITS as L,
  knowledgeAbilities,
  knowledgeMessages as M,
  sessionMessages,
  type KnowledgeApiKeyCreated,
  type KnowledgeApiKeyList,
  type KnowledgeHandover,
  type KnowledgeMe,
  type KnowledgeSession,
} from '@lexdesk/contract';
import type { FastifyRequest } from 'fastify';
import { bearerToken, resolveActorByHash } from '../../platform/access/access.service.ts';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { hashToken, newToken } from '../../platform/auth/tokens.ts';
import { addHours, inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, forbidden, notFound, unauthenticated } from '../../platform/errors/http-error.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import {
  apiKeysOf,
  findApiKey,
  findLiveApiKey,
  findLiveKnowledgeSession,
  insertApiKey,
  insertHandoverCode,
  insertKnowledgeSession,
  revokeApiKey,
  revokeKnowledgeSession,
  spendHandoverCode,
  touchApiKey,
  type ApiKeyRecord,
} from './knowledge-auth.repo.ts';
import { entryRefusal, viewerOf, type Viewer } from './policy.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The knowledge session behind each request of the knowledge API (set by the access scheme). */
const knowledgeSessionIds = new WeakMap<FastifyRequest, number>();

/** 403 with the licence or knowledge-role message when the viewer may not use Knowledge at all. */
export function requireKnowledge(viewer: Viewer): void {
  const refusal = entryRefusal(viewer);
  if (refusal === 'no_licence') throw forbidden(M.noLicence);
  if (refusal === 'no_role') throw forbidden(M.notAuthorised);
}

/** 403 unless the viewer manages the organisation's knowledge access (main role admin or super). */
export function requireAccessManager(viewer: Viewer): void {
  requireKnowledge(viewer);
  if (!abilitiesOf(viewer).can_manage_access) throw forbidden();
}

export function abilitiesOf(viewer: Viewer) {
  return knowledgeAbilities({
    role: viewer.role,
    knowledge_role: viewer.knowledgeRole,
    knowledge_access: viewer.licence,
  });
}

/**
 * Access scheme 'knowledge_token' (platform/access): `Authorization: Bearer <knowledge token>` → the Actor of
 * the main session the token is bound to, checked exactly as the main API checks it (live, not revoked, not
 * idle, active user), so the knowledge token dies with its main session. A main session token is not a
 * knowledge token (no row here): 401.
 */
export async function knowledgeTokenScheme(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthenticated();
  const row = await findLiveKnowledgeSession(ctx.db, hashToken(token), nowIso(ctx));
  const actor = row ? await resolveActorByHash(ctx, row.main_token_hash) : null;
  if (!row || !actor || actor.sessionId !== row.session_id || actor.userId !== row.user_id)
    throw unauthenticated(sessionMessages.sessionExpired);
  request.actor = actor;
  knowledgeSessionIds.set(request, row.id);
}

/**
 * Access scheme 'knowledge_api_key': `Authorization: Api-Key <key>` → the key's organisation. 401 for an unknown,
 * revoked or expired key; 403 `noLicence` while the organisation has no Knowledge, its ceiling read as a user's
 * actor reads it (organisationsService.summaryOf → organisationCeilings: none while its plan has lapsed).
 */
export async function knowledgeApiKeyScheme(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) throw unauthenticated();
  const match = /^Api-Key\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1] ? await findLiveApiKey(ctx.db, hashToken(match[1]), nowIso(ctx)) : undefined;
  if (!key) throw unauthenticated(sessionMessages.sessionExpired);
  const organisation = await organisationsService(ctx).summaryOf(key.organisation_id);
  if (organisation?.moduleColumns.knowledge_permission !== 1) throw forbidden(M.noLicence);
  await touchApiKey(ctx.db, key.organisation_id, key.id, nowIso(ctx));
  request.serviceOrganisationId = key.organisation_id;
}

async function meOf(ctx: AppContext, viewer: Viewer): Promise<KnowledgeMe> {
  const organisation = await organisationsService(ctx).summaryOf(viewer.organisationId);
  const abilities = abilitiesOf(viewer);
  return {
    user_id: viewer.userId,
    username: viewer.email,
    name: viewer.name,
    organisation: organisation?.name ?? '',
    organisation_id: viewer.organisationId,
    role: viewer.role,
    knowledge_role: viewer.knowledgeRole ?? 'reader',
    knowledge_data_permission: viewer.dataPermission,
    can_edit: abilities.can_edit,
    can_manage_structure: abilities.can_manage_structure,
    can_manage_access: abilities.can_manage_access,
    can_curate_shared: abilities.can_curate_shared,
  };
}

function apiKeyOf(row: ApiKeyRecord, names: ReadonlyMap<number, string>) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_by: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
    expires_at: row.expires_at,
  };
}

/** The hand-over, knowledge sessions and API keys. */
export function knowledgeAuthService(ctx: AppContext) {
  return {
    /** POST knowledge-handover/ (main session): a one-time code for the knowledge tab, 2 minutes. */
    async handover(actor: Actor): Promise<KnowledgeHandover> {
      requireKnowledge(await viewerOf(ctx, actor));
      const code = newToken();
      await insertHandoverCode(ctx.db, {
        organisation_id: actor.organisationId,
        user_id: actor.userId,
        session_id: actor.sessionId,
        code_hash: hashToken(code),
        expires_at: new Date(ctx.now().getTime() + L.handoverSeconds * 1000).toISOString(),
      });
      return { code, expires_in: L.handoverSeconds };
    },

    /** POST session/ {code}: spends the code (once) for a knowledge token bound to the same main session. */
    async exchange(code: string): Promise<KnowledgeSession> {
      const expired = () => badRequest(M.linkExpired, { code: M.linkExpired });
      return inTransaction(ctx, async (tx) => {
        const spent = await spendHandoverCode(tx.db, hashToken(code), nowIso(tx));
        if (!spent) throw expired();
        const token = newToken();
        const expiresAt = addHours(tx.now(), L.tokenHours).toISOString();
        await insertKnowledgeSession(tx.db, {
          organisation_id: spent.organisation_id,
          user_id: spent.user_id,
          session_id: spent.session_id,
          token_hash: hashToken(token),
          created_at: nowIso(tx),
          expires_at: expiresAt,
          revoked_at: null,
        });
        // The main session must still be alive and the user still allowed (checked as every call checks it).
        const row = await findLiveKnowledgeSession(tx.db, hashToken(token), nowIso(tx));
        const actor = row ? await resolveActorByHash(tx, row.main_token_hash) : null;
        if (!actor || actor.sessionId !== spent.session_id) throw expired();
        const viewer = await viewerOf(tx, actor);
        requireKnowledge(viewer);
        return { knowledge_token: token, expires_at: expiresAt, me: await meOf(tx, viewer) };
      });
    },

    /** DELETE session/: the knowledge token stops working (the main session goes on). */
    async signOut(actor: Actor, request: FastifyRequest): Promise<{ detail: string }> {
      const id = knowledgeSessionIds.get(request);
      if (id !== undefined) await revokeKnowledgeSession(ctx.db, actor.organisationId, id, nowIso(ctx));
      return { detail: M.signedOut };
    },

    /** GET me/. */
    async me(actor: Actor): Promise<KnowledgeMe> {
      const viewer = await viewerOf(ctx, actor);
      requireKnowledge(viewer);
      return meOf(ctx, viewer);
    },

    async listKeys(actor: Actor): Promise<KnowledgeApiKeyList> {
      requireAccessManager(await viewerOf(ctx, actor));
      const rows = await apiKeysOf(ctx.db, actor.organisationId);
      const names = await usersService(ctx).namesIn(
        actor.organisationId,
        rows.map((r) => r.created_by),
      );
      return { data: rows.map((row) => apiKeyOf(row, names)) };
    },

    /**
     * POST api-keys/: the key is answered once; only its hash is kept (and a 12-character prefix to tell keys
     * apart). It expires `expiresInDays` after now (the contract's default and maximum).
     */
    async createKey(actor: Actor, name: string, expiresInDays: number): Promise<KnowledgeApiKeyCreated> {
      requireAccessManager(await viewerOf(ctx, actor));
      const key = `lxk_${newToken()}`;
      const id = await inTransaction(ctx, async (tx) => {
        const id = await insertApiKey(tx.db, {
          organisation_id: actor.organisationId,
          name,
          prefix: key.slice(0, 12),
          key_hash: hashToken(key),
          created_by: actor.userId,
          created_at: nowIso(tx),
          last_used_at: null,
          revoked_at: null,
          expires_at: new Date(tx.now().getTime() + expiresInDays * DAY_MS).toISOString(),
        });
        await auditService(tx).record(actor, 'knowledge_api_key', id, 'created');
        return id;
      });
      const row = await findApiKey(ctx.db, actor.organisationId, id);
      if (!row) throw notFound();
      const names = await usersService(ctx).namesIn(actor.organisationId, [actor.userId]);
      return { detail: M.apiKeyCreated, api_key: apiKeyOf(row, names), key };
    },

    async revokeKey(actor: Actor, id: number): Promise<{ detail: string }> {
      requireAccessManager(await viewerOf(ctx, actor));
      const row = await findApiKey(ctx.db, actor.organisationId, id);
      if (!row) throw notFound();
      await inTransaction(ctx, async (tx) => {
        await revokeApiKey(tx.db, actor.organisationId, id, nowIso(tx));
        await auditService(tx).record(actor, 'knowledge_api_key', id, 'revoked');
      });
      return { detail: M.apiKeyRevoked };
    },
  };
}
