import type { PlaybookPosition } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { viewerOf } from './playbook-access.ts';
import { parseContent } from './playbook-draft.ts';
import { acrossOrganisations, visibleTo } from './playbooks.repo.ts';

/**
 * The positions Review shows next to a hit of a concept head: each entry linked to one of `conceptIds` in the
 * latest published version of every playbook the actor sees. Drafts never show: Review gives what the firm
 * has approved.
 */
export async function positionsForHeads(
  ctx: AppContext,
  actor: Actor,
  conceptIds: readonly number[],
): Promise<PlaybookPosition[]> {
  const wanted = new Set(conceptIds);
  const rows = await acrossOrganisations(ctx.db)
    .selectFrom('playbooks')
    .innerJoin('playbook_versions as v', 'v.playbook_id', 'playbooks.id')
    .select(['playbooks.id', 'playbooks.name', 'v.version', 'v.content'])
    .where(visibleTo(viewerOf(actor)))
    .where((eb) =>
      eb(
        'v.version',
        '=',
        eb
          .selectFrom('playbook_versions as w')
          .select((w) => w.fn.max('w.version').as('n'))
          .whereRef('w.playbook_id', '=', 'playbooks.id'),
      ),
    )
    .orderBy('playbooks.name')
    .execute();
  const positions: PlaybookPosition[] = [];
  for (const row of rows) {
    for (const entry of parseContent(row.content).entries) {
      for (const conceptId of entry.concept_head_ids.filter((id) => wanted.has(id))) {
        positions.push({
          concept_id: conceptId,
          playbook_id: row.id,
          playbook_name: row.name,
          version: row.version,
          entry,
        });
      }
    }
  }
  return positions;
}
