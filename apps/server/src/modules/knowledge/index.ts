import { DEMO_ORGANISATION } from '../../db/demo.seed.ts';
import { nowIso } from '../../platform/context.ts';
import { defineModule } from '../../platform/modules/module.ts';
import { knowledgeAdminRoutes } from './knowledge-admin.routes.ts';
import { knowledgeApiRoutes } from './knowledge-api.routes.ts';
import { knowledgeApiKeyScheme, knowledgeTokenScheme } from './knowledge-auth.service.ts';
import { purgeExpired, revokeApiKeysOf } from './knowledge-auth.repo.ts';
import { KNOWLEDGE_ATTACHMENT_JOB, knowledgeAttachmentJob } from './knowledge-index.ts';
import { knowledgeAuditVocabulary } from './knowledge.audit.ts';
import { removeOrganisationKnowledge } from './knowledge-data.ts';
import { articleCounts, handOverAuthorship } from './knowledge.repo.ts';
import { knowledgeMainRoutes } from './knowledge.routes.ts';
import { seedDemoKnowledge, seedDemoKnowledgeRoles } from './knowledge.seed.ts';

/**
 * Knowledge (issue 17, docs/knowledge.md): the knowledge base in its own tab and API base (/api/knowledge/,
 * its own token; API keys for the service calls), domains → classes → articles with revisions, links and
 * attachments (indexed as `knowledge_attachment`; articles as `knowledge_article`), each organisation's
 * allowed and restricted rules, and policy.ts, the one check every way out goes through. Shared domains
 * (organisation_id NULL) belong to no organisation.
 */
export const knowledgeModule = defineModule({
  name: 'knowledge',
  routes: [knowledgeMainRoutes, knowledgeApiRoutes, knowledgeAdminRoutes],
  accessSchemes: { knowledge_token: knowledgeTokenScheme, knowledge_api_key: knowledgeApiKeyScheme },
  jobs: { [KNOWLEDGE_ATTACHMENT_JOB]: knowledgeAttachmentJob },
  data: {
    tables: [
      'knowledge_nodes',
      'knowledge_revisions',
      'knowledge_links',
      'knowledge_attachments',
      'knowledge_rules',
      'knowledge_api_keys',
      'knowledge_handover_codes',
      'knowledge_sessions',
    ],
    files: ['knowledge_attachments.storage_key'],
    // Sessions and codes go with their user by foreign key; what the user wrote is handed to the successor.
    userDeleted: async (tx, { userId, successorId }) => {
      await handOverAuthorship(tx.db, userId, successorId);
      return [];
    },
    organisationDeleted: removeOrganisationKnowledge,
    // Knowledge switched off for the organisation: its API keys die with it (turning it on revives none).
    organisationModulesOff: async (tx, organisationId, flags) => {
      if (flags.includes('knowledge_permission')) await revokeApiKeysOf(tx.db, organisationId, nowIso(tx));
    },
  },
  usage: [{ metric: 'knowledge_articles', count: articleCounts }],
  audit: knowledgeAuditVocabulary,
  housekeeping: async (ctx) => purgeExpired(ctx.db, nowIso(ctx)),
  seed: async (ctx) => {
    await seedDemoKnowledgeRoles(ctx, {
      manager: ['admin@example.com', 'super@example.com'],
      reader: ['user@example.com'],
    });
    await seedDemoKnowledge(ctx, DEMO_ORGANISATION, 'admin@example.com');
  },
  routeAccessFixtures: async () => {
    const fixtures = await import('./route-access-fixtures.ts');
    return { params: fixtures.knowledgeParams, request: fixtures.knowledgeRequest };
  },
});

// Public API: what other modules use of this one (they may import nothing else of it; eslint.config.js).
/** The search index kinds of knowledge text (never renamed). */
export { KNOWLEDGE_ARTICLE_SOURCE, KNOWLEDGE_ATTACHMENT_SOURCE } from './knowledge-index.ts';
