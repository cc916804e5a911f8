import type { Db } from '../../db/database.types.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';
import type { LinkPurpose } from '@lexdesk/contract';

export interface LinkRow {
  id: number;
  purpose: LinkPurpose;
  userId: number;
  organisationId: number;
}

export async function insertLink(
  db: Db,
  link: {
    purpose: LinkPurpose;
    tokenHash: string;
    userId: number;
    organisationId: number;
    createdAt: string;
    expiresAt: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('link_tokens')
    .values({
      purpose: link.purpose,
      token_hash: link.tokenHash,
      user_id: link.userId,
      organisation_id: link.organisationId,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An unused, unexpired link of one of `purposes`. Pre-authentication: the token hash is the key. */
export async function findUsableLink(
  db: Db,
  tokenHash: string,
  purposes: readonly LinkPurpose[],
  now: string,
): Promise<LinkRow | undefined> {
  const row = await crossTenant(db, 'pre-authentication: a link is found by its token alone')
    .selectFrom('link_tokens')
    .select(['id', 'purpose', 'user_id', 'organisation_id'])
    .where('token_hash', '=', tokenHash)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return (
    row && { id: row.id, purpose: row.purpose as LinkPurpose, userId: row.user_id, organisationId: row.organisation_id }
  );
}

/** Marks the link used; false when it was used meanwhile (single use under concurrency) or has expired. */
export async function markLinkUsed(db: Db, organisationId: number, id: number, now: string): Promise<boolean> {
  const result = await scoped(db, organisationId)
    .updateTable('link_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Closes every open link of the user with one of `purposes`. */
export async function closeUserLinks(
  db: Db,
  organisationId: number,
  userId: number,
  purposes: readonly LinkPurpose[],
  now: string,
): Promise<void> {
  await scoped(db, organisationId)
    .updateTable('link_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .execute();
}
