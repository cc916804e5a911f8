import {
  KNOWLEDGE_LIMITS as L,
  knowledgeMessages as M,
  type KnowledgeLookupQuery,
  type KnowledgeLookupResult,
  type KnowledgeSearchHit,
  type KnowledgeSearchQuery,
  type KnowledgeSearchResult,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors/http-error.ts';
import { parseSearchText } from '../../platform/search/tokenizer.ts';
import { visibleConceptHeads } from '../analyser/index.ts';
import { requireKnowledge } from './knowledge-auth.service.ts';
import { articleSearch, attachmentSearch } from './knowledge-index.ts';
import { attachmentsByIds } from './knowledge.repo.ts';
import { breadcrumbOf, parseKeywords, sightOf } from './knowledge-view.ts';
import { pathOf, reachOf, viewerOf, visibleNodes, worldOf } from './policy.ts';

interface Found {
  nodeId: number;
  home: number;
  source: 'article' | 'attachment';
  sourceId: number;
  title: string;
  fileName: string | null;
}

/** Full-text search and the analyser's lookup, both filtered by the policy before anything is counted or paged. */
export function knowledgeSearchService(ctx: AppContext) {
  return {
    /**
     * GET search/?q=: articles (title, body, keywords) and attachments through the platform's search index,
     * in the home organisations' indexes of the nodes the viewer sees; only visible nodes' sources are kept,
     * then counted and paged, and only those get a snippet.
     */
    async search(actor: Actor, query: KnowledgeSearchQuery): Promise<KnowledgeSearchResult> {
      const sight = await sightOf(ctx, actor);
      const articles = [...sight.world.nodes.values()].filter(
        (node) => node.kind === 'instance' && sight.visible.has(node.id),
      );
      const homes = [...new Set(articles.map((node) => node.home_organisation_id))].sort((a, b) => a - b);
      const found: Found[] = [];
      for (const home of homes) {
        for (const id of await articleSearch(ctx).find(home, query.q)) {
          const node = sight.world.nodes.get(id);
          if (node && node.kind === 'instance' && node.home_organisation_id === home && sight.visible.has(id))
            found.push({ nodeId: id, home, source: 'article', sourceId: id, title: node.title, fileName: null });
        }
        const attachments = await attachmentsByIds(ctx.db, await attachmentSearch(ctx).find(home, query.q));
        for (const attachment of attachments) {
          const node = sight.world.nodes.get(attachment.node_id);
          if (node && attachment.organisation_id === home && sight.visible.has(node.id))
            found.push({
              nodeId: node.id,
              home,
              source: 'attachment',
              sourceId: attachment.id,
              title: node.title,
              fileName: attachment.file_name,
            });
        }
      }
      found.sort(
        (a, b) =>
          a.title.localeCompare(b.title) ||
          (a.source === b.source ? 0 : a.source === 'article' ? -1 : 1) ||
          (a.fileName ?? '').localeCompare(b.fileName ?? '') ||
          a.sourceId - b.sourceId,
      );
      const total = found.length;
      const page = found.slice((query.page_no - 1) * query.limits, query.page_no * query.limits);
      const phrase = (parseSearchText(query.q)[0] ?? []).join(' ');
      const data: KnowledgeSearchHit[] = [];
      for (const hit of page) {
        const index = hit.source === 'article' ? articleSearch(ctx) : attachmentSearch(ctx);
        const { rows } = await index.keywordInContextPage(hit.home, hit.sourceId, phrase, L.searchHorizon, {
          offset: 0,
          limit: 1,
        });
        const row = rows[0];
        data.push({
          node_id: hit.nodeId,
          title: hit.title,
          breadcrumb: breadcrumbOf(sight, hit.nodeId),
          source: hit.source,
          attachment_id: hit.source === 'attachment' ? hit.sourceId : null,
          file_name: hit.fileName,
          left: row?.left ?? '',
          keyword: row?.keyword ?? '',
          right: row?.right ?? '',
        });
      }
      return {
        data,
        page: {
          page_no: query.page_no,
          limits: query.limits,
          total_count: total,
          total_pages: Math.ceil(total / query.limits),
        },
      };
    },

    /**
     * GET knowledge-lookup/ (main API, an analyser hit): the articles whose title or a keyword equals the term
     * or the concept head's name, case-insensitive, among those the user sees; 404 `instanceNotPresent` when
     * none, restricted matches too (spec 03 §8; a 403 there would confirm a restricted article: issue 29).
     */
    async lookup(actor: Actor, query: KnowledgeLookupQuery): Promise<KnowledgeLookupResult> {
      const viewer = await viewerOf(ctx, actor);
      requireKnowledge(viewer);
      const terms = new Set<string>();
      if (query.term) terms.add(query.term.trim().toLowerCase());
      if (query.concept_head_id !== undefined) {
        const [head] = await visibleConceptHeads(ctx, actor, [query.concept_head_id]);
        if (head) terms.add(head.head.trim().toLowerCase());
      }
      const world = await worldOf(ctx, viewer.organisationId);
      const visible = visibleNodes(viewer, world);
      const shown = [...world.nodes.values()].filter(
        (node) =>
          node.kind === 'instance' &&
          reachOf(world, node.id).reachable &&
          visible.has(node.id) &&
          (terms.has(node.title.trim().toLowerCase()) ||
            parseKeywords(node.keywords).some((keyword) => terms.has(keyword.trim().toLowerCase()))),
      );
      if (shown.length === 0) throw notFound(M.instanceNotPresent);
      return {
        data: shown
          .map((node) => {
            const path = pathOf(world, node.id);
            return {
              node_id: node.id,
              title: node.title,
              class_title: path[path.length - 2]?.title ?? '',
              domain_title: path[0]?.title ?? '',
            };
          })
          .sort((a, b) => a.title.localeCompare(b.title) || a.node_id - b.node_id),
      };
    },
  };
}
