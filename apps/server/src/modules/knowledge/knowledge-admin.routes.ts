import {
  detailResponse,
  knowledgeAccessUsers,
  knowledgeApiKeyBody,
  knowledgeApiKeyCreated,
  knowledgeApiKeyList,
  knowledgeApiKeyParams,
  knowledgeDomainData,
  knowledgeEffective,
  knowledgeEffectiveQuery,
  knowledgeRuleList,
  knowledgeRuleOrganisations,
  knowledgeRulesBody,
  knowledgeRulesQuery,
  knowledgeServiceNodes,
  knowledgeUserParams,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { unauthenticated } from '../../platform/errors/http-error.ts';
import { knowledgeAccessService } from './knowledge-access.service.ts';
import { KNOWLEDGE_TAGS as tags } from './knowledge-api.routes.ts';
import { knowledgeAuthService } from './knowledge-auth.service.ts';

const TOKEN = 'knowledge_token';
const KEY = 'knowledge_api_key';

/** Access rules, effective access and API keys (organisation admins, super), and the API-key service calls. */
export const knowledgeAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const access = knowledgeAccessService(ctx);
  const auth = knowledgeAuthService(ctx);

  route(app, {
    method: 'GET',
    url: '/api/knowledge/access/organisations/',
    access: TOKEN,
    tags,
    summary: 'The organisations whose rules the user may edit (super: every one, to share shared domains)',
    reply: knowledgeRuleOrganisations,
    handler: ({ actor }) => access.organisations(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/access/rules/',
    access: TOKEN,
    tags,
    summary: "The organisation's allowed and restricted nodes (super: any organisation's, `org_id`)",
    query: knowledgeRulesQuery,
    reply: knowledgeRuleList,
    notFound: true,
    handler: ({ actor, query }) => access.rules(actor, query.org_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/knowledge/access/rules/',
    access: TOKEN,
    tags,
    summary: "Replace the organisation's rules (`allowed` on shared domains by the super user only)",
    body: knowledgeRulesBody,
    reply: knowledgeRuleList,
    notFound: true,
    handler: ({ actor, body }) => access.saveRules(actor, body),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/access/users/',
    access: TOKEN,
    tags,
    summary: "The organisation's users with their knowledge role, restricted-data flag and licence",
    reply: knowledgeAccessUsers,
    handler: ({ actor }) => access.users(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/access/effective/',
    access: TOKEN,
    tags,
    summary: 'Whether a user can see a node, and why, in sentences',
    query: knowledgeEffectiveQuery,
    reply: knowledgeEffective,
    notFound: true,
    handler: ({ actor, query }) => access.effective(actor, query),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/api-keys/',
    access: TOKEN,
    tags,
    summary: "The organisation's API keys for the service calls (never the keys themselves)",
    reply: knowledgeApiKeyList,
    handler: ({ actor }) => auth.listKeys(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/knowledge/api-keys/',
    access: TOKEN,
    tags,
    summary: 'Create an API key; the key is in this answer only',
    body: knowledgeApiKeyBody,
    reply: knowledgeApiKeyCreated,
    created: true,
    handler: ({ actor, body }) => auth.createKey(actor, body.name, body.expires_in_days),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/knowledge/api-keys/:api_key_id/',
    access: TOKEN,
    tags,
    summary: 'Revoke an API key',
    params: knowledgeApiKeyParams,
    reply: detailResponse,
    handler: ({ actor, params }) => auth.revokeKey(actor, params.api_key_id),
  });
  const serviceOrganisation = (id: number | null) => {
    if (id === null) throw unauthenticated();
    return id;
  };
  route(app, {
    method: 'GET',
    url: '/api/knowledge/nodes-list/',
    access: KEY,
    tags,
    summary: "Service call (Api-Key): the key's organisation's nodes, restricted ones marked",
    reply: knowledgeServiceNodes,
    handler: ({ request }) => access.serviceNodes(serviceOrganisation(request.serviceOrganisationId)),
  });
  route(app, {
    method: 'GET',
    url: '/api/knowledge/domain/data/:user_id/',
    access: KEY,
    tags,
    summary: "Service call (Api-Key): the nodes a user of the key's organisation sees, and those restricted for them",
    params: knowledgeUserParams,
    reply: knowledgeDomainData,
    handler: ({ request, params }) =>
      access.serviceDomainData(serviceOrganisation(request.serviceOrganisationId), params.user_id),
  });
};
