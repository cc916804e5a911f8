import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type {
  KnowledgeAttachmentsTable,
  KnowledgeNodesTable,
  KnowledgeRevisionsTable,
} from '../../db/tables/knowledge.ts';
import { crossTenant, scoped } from '../../db/tenant-scope.ts';
import { ALL_ORGANISATIONS, type OrgScope } from '../../platform/access/actor.ts';

export type NodeRecord = Selectable<KnowledgeNodesTable>;
export type RevisionRecord = Selectable<KnowledgeRevisionsTable>;
export type AttachmentRecord = Selectable<KnowledgeAttachmentsTable>;
export type TreeRecord = Pick<
  NodeRecord,
  'id' | 'organisation_id' | 'home_organisation_id' | 'parent_id' | 'kind' | 'title' | 'keywords'
>;

/**
 * The nodes an organisation may ever reach: its own and the shared ones (organisation_id NULL). The tenant
 * guard accepts no `organisation_id = ? or … is null`, so these queries say why they span (the policy
 * decides which shared nodes the organisation really sees).
 */
const nodesOf = (db: Db) =>
  crossTenant(db, "knowledge: an organisation's own nodes and the shared ones (organisation_id NULL)");

export async function treeRows(db: Db, organisationId: number): Promise<TreeRecord[]> {
  return nodesOf(db)
    .selectFrom('knowledge_nodes')
    .select(['id', 'organisation_id', 'home_organisation_id', 'parent_id', 'kind', 'title', 'keywords'])
    .where((eb) => eb.or([eb('organisation_id', '=', organisationId), eb('organisation_id', 'is', null)]))
    .orderBy('title')
    .orderBy('id')
    .execute();
}

export async function findNode(db: Db, organisationId: number, id: number): Promise<NodeRecord | undefined> {
  return nodesOf(db)
    .selectFrom('knowledge_nodes')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('organisation_id', '=', organisationId), eb('organisation_id', 'is', null)]))
    .executeTakeFirst();
}

export async function insertNode(db: Db, values: Insertable<KnowledgeNodesTable>): Promise<number> {
  return (await db.insertInto('knowledge_nodes').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** A new node and its revision 1 (create and the demo seed). */
export async function insertNodeWithFirstRevision(
  db: Db,
  values: Insertable<KnowledgeNodesTable> & { created_by: number; created_at: string },
): Promise<number> {
  const id = await insertNode(db, { ...values, revision: 1 });
  await insertRevision(db, {
    node_id: id,
    revision: 1,
    title: values.title,
    body: values.body,
    keywords: values.keywords,
    author_id: values.created_by,
    created_at: values.created_at,
  });
  return id;
}

/** Saves over `revision` only: false when someone saved since (the caller answers 409). */
export async function updateNodeAt(
  db: Db,
  node: Pick<NodeRecord, 'id' | 'organisation_id'>,
  revision: number,
  patch: Updateable<KnowledgeNodesTable>,
): Promise<boolean> {
  const result = await nodesOf(db)
    .updateTable('knowledge_nodes')
    .set(patch)
    .where('id', '=', node.id)
    .where('revision', '=', revision)
    .where((eb) =>
      node.organisation_id === null
        ? eb('organisation_id', 'is', null)
        : eb('organisation_id', '=', node.organisation_id),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteNodeRow(db: Db, node: Pick<NodeRecord, 'id' | 'organisation_id'>): Promise<void> {
  await nodesOf(db)
    .deleteFrom('knowledge_nodes')
    .where('id', '=', node.id)
    .where((eb) =>
      node.organisation_id === null
        ? eb('organisation_id', 'is', null)
        : eb('organisation_id', '=', node.organisation_id),
    )
    .execute();
}

export async function childCount(db: Db, nodeId: number): Promise<number> {
  const row = await nodesOf(db)
    .selectFrom('knowledge_nodes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('parent_id', '=', nodeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of an organisation's own nodes (its deletion). */
export async function ownNodeIds(db: Db, organisationId: number): Promise<number[]> {
  const rows = await scoped(db, organisationId).selectFrom('knowledge_nodes').select('id').execute();
  return rows.map((row) => row.id);
}

/** Nodes whose text an organisation's search index holds (its own, and shared ones its super user curates). */
export async function homedNodeIds(db: Db, homeOrganisationId: number): Promise<{ id: number; kind: string }[]> {
  return nodesOf(db)
    .selectFrom('knowledge_nodes')
    .select(['id', 'kind'])
    .where('home_organisation_id', '=', homeOrganisationId)
    .execute();
}

// Revisions ---------------------------------------------------------------------------------------------

export async function insertRevision(db: Db, values: Insertable<KnowledgeRevisionsTable>): Promise<void> {
  await db.insertInto('knowledge_revisions').values(values).execute();
}

export async function revisionsOf(db: Db, nodeId: number): Promise<RevisionRecord[]> {
  return db
    .selectFrom('knowledge_revisions')
    .selectAll()
    .where('node_id', '=', nodeId)
    .orderBy('revision', 'desc')
    .execute();
}

export async function findRevision(db: Db, nodeId: number, revision: number): Promise<RevisionRecord | undefined> {
  return db
    .selectFrom('knowledge_revisions')
    .selectAll()
    .where('node_id', '=', nodeId)
    .where('revision', '=', revision)
    .executeTakeFirst();
}

// Links -------------------------------------------------------------------------------------------------

export async function replaceLinks(db: Db, fromId: number, toIds: readonly number[]): Promise<void> {
  await db.deleteFrom('knowledge_links').where('from_node_id', '=', fromId).execute();
  if (toIds.length > 0)
    await db
      .insertInto('knowledge_links')
      .values(toIds.map((to) => ({ from_node_id: fromId, to_node_id: to })))
      .execute();
}

export async function linksOf(db: Db, nodeId: number): Promise<{ out: number[]; in: number[] }> {
  const rows = await db
    .selectFrom('knowledge_links')
    .select(['from_node_id', 'to_node_id'])
    .where((eb) => eb.or([eb('from_node_id', '=', nodeId), eb('to_node_id', '=', nodeId)]))
    .execute();
  return {
    out: rows.filter((r) => r.from_node_id === nodeId).map((r) => r.to_node_id),
    in: rows.filter((r) => r.to_node_id === nodeId).map((r) => r.from_node_id),
  };
}

// Attachments -------------------------------------------------------------------------------------------

/**
 * An attachment's `organisation_id` is its node's home organisation, which for a shared node is not the
 * reader's: attachments are reached through their node, which the policy has decided on.
 */
const attachmentRows = (db: Db) =>
  crossTenant(db, 'knowledge attachments are reached through their node, checked by the policy');

export async function insertAttachment(db: Db, values: Insertable<KnowledgeAttachmentsTable>): Promise<number> {
  return (await db.insertInto('knowledge_attachments').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function attachmentsOfNodes(db: Db, nodeIds: readonly number[]): Promise<AttachmentRecord[]> {
  if (nodeIds.length === 0) return [];
  return attachmentRows(db)
    .selectFrom('knowledge_attachments')
    .selectAll()
    .where('node_id', 'in', [...nodeIds])
    .orderBy('uploaded_at')
    .orderBy('id')
    .execute();
}

export async function attachmentsByIds(db: Db, ids: readonly number[]): Promise<AttachmentRecord[]> {
  if (ids.length === 0) return [];
  return attachmentRows(db)
    .selectFrom('knowledge_attachments')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function findAttachment(db: Db, id: number): Promise<AttachmentRecord | undefined> {
  return attachmentRows(db).selectFrom('knowledge_attachments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function deleteAttachmentRows(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0)
    await attachmentRows(db)
      .deleteFrom('knowledge_attachments')
      .where('id', 'in', [...ids])
      .execute();
}

export async function setAttachmentState(db: Db, id: number, state: string): Promise<void> {
  await attachmentRows(db).updateTable('knowledge_attachments').set({ state }).where('id', '=', id).execute();
}

// Rules -------------------------------------------------------------------------------------------------

export async function rulesOf(db: Db, organisationId: number): Promise<{ node_id: number; mode: string }[]> {
  return scoped(db, organisationId).selectFrom('knowledge_rules').select(['node_id', 'mode']).execute();
}

/**
 * Replaces the organisation's rules: all of them, or (`sharedOnly`, the provider's curator editing another
 * organisation) only those on shared nodes, so the firm's rules on its own nodes stay as they are.
 */
export async function replaceRules(
  db: Db,
  organisationId: number,
  rules: readonly { node_id: number; mode: string }[],
  userId: number,
  now: string,
  sharedOnly = false,
): Promise<void> {
  let removal = scoped(db, organisationId).deleteFrom('knowledge_rules');
  if (sharedOnly)
    removal = removal.where('node_id', 'in', (eb) =>
      eb.selectFrom('knowledge_nodes').select('id').where('organisation_id', 'is', null),
    );
  await removal.execute();
  if (rules.length > 0)
    await db
      .insertInto('knowledge_rules')
      .values(rules.map((r) => ({ organisation_id: organisationId, ...r, updated_by: userId, updated_at: now })))
      .execute();
}

// Deletion, usage ---------------------------------------------------------------------------------------

/** Authorship of a deleted user's knowledge handed to the successor (or left empty). */
export async function handOverAuthorship(db: Db, userId: number, successorId: number | null): Promise<void> {
  const nodes = crossTenant(db, "knowledge: a deleted user's authorship, own and shared nodes alike");
  await nodes
    .updateTable('knowledge_nodes')
    .set({ created_by: successorId })
    .where('created_by', '=', userId)
    .execute();
  await nodes
    .updateTable('knowledge_nodes')
    .set({ updated_by: successorId })
    .where('updated_by', '=', userId)
    .execute();
  await db.updateTable('knowledge_revisions').set({ author_id: successorId }).where('author_id', '=', userId).execute();
  await attachmentRows(db)
    .updateTable('knowledge_attachments')
    .set({ uploaded_by: successorId })
    .where('uploaded_by', '=', userId)
    .execute();
}

/** Knowledge articles per organisation (the usage download); shared articles count for no organisation. */
export async function articleCounts(db: Db, scope: OrgScope): Promise<ReadonlyMap<number, number>> {
  const every = scope === ALL_ORGANISATIONS;
  const { rows } = await sql<{ organisation_id: number; n: number | string }>`select organisation_id, count(*) as n
    from knowledge_nodes where kind = 'instance' and ${every ? sql`organisation_id is not null` : sql`organisation_id = ${scope}`}
    group by organisation_id`.execute(
    every ? crossTenant(db, 'the usage download of every organisation (super user)') : db,
  );
  return new Map(rows.map((row) => [Number(row.organisation_id), Number(row.n)]));
}

/**
 * The audit log's names of knowledge nodes: titles by id of the nodes `organisationId` homes (its own, and the
 * shared ones its curator keeps), never another organisation's. Events keep ids only (issue 29 item 8).
 */
export async function nodeTitlesHomedIn(
  db: Db,
  organisationId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await nodesOf(db)
    .selectFrom('knowledge_nodes')
    .select(['id', 'title'])
    .where('home_organisation_id', '=', organisationId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), row.title]));
}
