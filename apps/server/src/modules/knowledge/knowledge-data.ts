import type { AppContext } from '../../platform/context.ts';
import { articleSearch, attachmentSearch } from './knowledge-index.ts';
import { attachmentsOfNodes, homedNodeIds, ownNodeIds } from './knowledge.repo.ts';

/**
 * An organisation's deletion (inside its transaction): its own nodes go by foreign key, with their revisions,
 * links and attachments; the text it indexed leaves the index (the platform removes every row of the
 * organisation's index as well); the attachments' files are answered for removal after the commit. Shared
 * nodes homed in its index (curated by its super user) go with it too: `home_organisation_id` cascades.
 */
export async function removeOrganisationKnowledge(tx: AppContext, organisationId: number): Promise<string[]> {
  const own = await ownNodeIds(tx.db, organisationId);
  const homed = await homedNodeIds(tx.db, organisationId);
  const ids = [...new Set([...own, ...homed.map((n) => n.id)])];
  const attachments = await attachmentsOfNodes(tx.db, ids);
  await attachmentSearch(tx).removeFromIndex(
    organisationId,
    attachments.filter((a) => a.organisation_id === organisationId).map((a) => a.id),
  );
  await articleSearch(tx).removeFromIndex(
    organisationId,
    homed.filter((n) => n.kind === 'instance').map((n) => n.id),
  );
  return attachments.map((a) => a.storage_key);
}
