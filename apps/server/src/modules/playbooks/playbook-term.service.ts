import {
  PLAYBOOK_LIMITS as L,
  type PlaybookTermBody,
  type PlaybookTermHit,
  type PlaybookTermResult,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { viewerOf } from './playbook-access.ts';
import { indexedAttachmentsOf } from './playbook-parts.repo.ts';
import { attachmentSearch, entrySearch } from './playbook-search.ts';
import { entriesOf, visiblePlaybooksOfType } from './playbooks.repo.ts';

interface Source {
  playbookId: number;
  playbookName: string;
  source: 'entry' | 'attachment';
  id: number;
  name: string;
}

/**
 * POST playbook-term/: every occurrence of the words (as one phrase, by the analyser's counting rules) in the
 * entries and indexed attachments of the playbooks of that type the actor sees, in context. Each source's
 * text sits in its owning organisation's index, so sources are counted per organisation; at most
 * PLAYBOOK_LIMITS.termHits rows are answered, `total` counts them all.
 */
export async function playbookTermSearch(
  ctx: AppContext,
  actor: Actor,
  body: PlaybookTermBody,
): Promise<PlaybookTermResult> {
  const playbooks = await visiblePlaybooksOfType(ctx.db, viewerOf(actor), body.playbook_type);
  const data: PlaybookTermHit[] = [];
  let total = 0;
  for (const org of new Set(playbooks.map((p) => p.organisation_id))) {
    const mine = playbooks.filter((p) => p.organisation_id === org);
    const names = new Map(mine.map((p) => [p.id, p.name]));
    const sources: Source[] = [];
    for (const playbook of mine)
      for (const entry of await entriesOf(ctx.db, org, playbook.id))
        sources.push({
          playbookId: playbook.id,
          playbookName: playbook.name,
          source: 'entry',
          id: entry.id,
          name: entry.topic,
        });
    for (const attachment of await indexedAttachmentsOf(
      ctx.db,
      org,
      mine.map((p) => p.id),
    ))
      sources.push({
        playbookId: attachment.playbook_id,
        playbookName: names.get(attachment.playbook_id) ?? '',
        source: 'attachment',
        id: attachment.id,
        name: attachment.file_name,
      });
    for (const kind of ['entry', 'attachment'] as const) {
      const search = kind === 'entry' ? entrySearch(ctx) : attachmentSearch(ctx);
      const ofKind = sources.filter((s) => s.source === kind);
      if (ofKind.length === 0) continue;
      const counts = await search.countTerms(
        org,
        ofKind.map((s) => s.id),
        [body.search_key],
      );
      for (const source of ofKind) {
        const count = counts.get(source.id)?.[0] ?? 0;
        if (count === 0) continue;
        total += count;
        const room = L.termHits - data.length;
        if (room <= 0) continue;
        const page = await search.keywordInContextPage(org, source.id, body.search_key, body.horizon, {
          offset: 0,
          limit: room,
        });
        for (const row of page.rows)
          data.push({
            playbook_id: source.playbookId,
            playbook_name: source.playbookName,
            source: source.source,
            source_id: source.id,
            source_name: source.name,
            left: row.left,
            keyword: row.keyword,
            right: row.right,
          });
      }
    }
  }
  return { data, total, truncated: total > data.length };
}
