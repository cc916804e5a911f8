import {
  clauseCreateBody,
  clauseList,
  clauseUpdateBody,
  headParams,
  headPartSaved,
  idParam,
  ruleCreateBody,
  ruleList,
  ruleUpdateBody,
  scopeCreateBody,
  scopeList,
  scopeUpdateBody,
  updateAllQuery,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { headPartsService } from './head-parts.service.ts';

const tags = ['analyser'];
const READ = 'analyser.concepts.read';
const WRITE = 'analyser.concepts.write';
const choiceOf = (query: { updateAll?: boolean | undefined }) => ({ updateAll: query.updateAll });

/** Rules, out-of-scope items and clauses of a head (spec 03 §7); every write answers the head it edited. */
export const headPartsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const parts = headPartsService(ctx);

  // Rules with suggestions
  route(app, {
    method: 'GET',
    url: '/api/concept-list/rules/:concept_id/',
    access: READ,
    tags,
    summary: "A head's rules with their suggestions",
    params: headParams,
    reply: ruleList,
    handler: ({ actor, params }) => parts.rules(actor, params.concept_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-list/create/term-rule/',
    access: WRITE,
    tags,
    summary: 'Add a rule with its suggestions to a head',
    body: ruleCreateBody,
    reply: headPartSaved,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => parts.addRule(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept-list/rules/update/:concept_id/',
    access: WRITE,
    tags,
    summary: 'Edit a rule: new suggestions (no id or a negative one) are added, missing saved ones deleted',
    params: headParams,
    query: updateAllQuery,
    body: ruleUpdateBody,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query, body }) => parts.updateRule(actor, params.concept_id, choiceOf(query), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/rules/delete/:concept_id/:rule_id/',
    access: WRITE,
    tags,
    summary: 'Delete a rule',
    params: headParams.extend({ rule_id: idParam }),
    query: updateAllQuery,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query }) => parts.removeRule(actor, params.concept_id, params.rule_id, choiceOf(query)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/rules/delete/:concept_id/:rule_id/:suggestion_id/',
    access: WRITE,
    tags,
    summary: 'Delete one saved suggestion of a rule',
    params: headParams.extend({ rule_id: idParam, suggestion_id: idParam }),
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params }) =>
      parts.removeSuggestion(actor, params.concept_id, params.rule_id, params.suggestion_id),
  });

  // Out-of-scope items with examples
  route(app, {
    method: 'GET',
    url: '/api/concept-list/scope/:concept_id/',
    access: READ,
    tags,
    summary: "A head's out-of-scope items with their examples",
    params: headParams,
    reply: scopeList,
    handler: ({ actor, params }) => parts.scopes(actor, params.concept_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-list/create/scope/',
    access: WRITE,
    tags,
    summary: 'Add an out-of-scope item with its examples to a head',
    body: scopeCreateBody,
    reply: headPartSaved,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => parts.addScope(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept-list/scope/update/:concept_id/',
    access: WRITE,
    tags,
    summary: 'Edit an out-of-scope item: new examples are added, missing saved ones deleted',
    params: headParams,
    query: updateAllQuery,
    body: scopeUpdateBody,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query, body }) => parts.updateScope(actor, params.concept_id, choiceOf(query), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/scope/delete/:concept_id/:scope_id/',
    access: WRITE,
    tags,
    summary: 'Delete an out-of-scope item',
    params: headParams.extend({ scope_id: idParam }),
    query: updateAllQuery,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query }) =>
      parts.removeScope(actor, params.concept_id, params.scope_id, choiceOf(query)),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/scope/delete/:concept_id/:scope_id/:example_id/',
    access: WRITE,
    tags,
    summary: 'Delete one saved example of an out-of-scope item (204)',
    params: headParams.extend({ scope_id: idParam, example_id: idParam }),
    errors: [409],
    handler: async ({ actor, params, reply }) => {
      await parts.removeExample(actor, params.concept_id, params.scope_id, params.example_id);
      return reply.code(204).send();
    },
  });

  // Clauses
  route(app, {
    method: 'GET',
    url: '/api/concept-list/clause/:concept_id/',
    access: READ,
    tags,
    summary: "A head's clause library",
    params: headParams,
    reply: clauseList,
    handler: ({ actor, params }) => parts.clauses(actor, params.concept_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept-list/create/clause/',
    access: WRITE,
    tags,
    summary: 'Add a clause to a head',
    body: clauseCreateBody,
    reply: headPartSaved,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => parts.addClause(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept-list/clause/update/:concept_id/',
    access: WRITE,
    tags,
    summary: 'Edit a clause',
    params: headParams,
    query: updateAllQuery,
    body: clauseUpdateBody,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query, body }) => parts.updateClause(actor, params.concept_id, choiceOf(query), body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/concept-list/clause/delete/:concept_id/:clause_id/',
    access: WRITE,
    tags,
    summary: 'Delete a clause',
    params: headParams.extend({ clause_id: idParam }),
    query: updateAllQuery,
    reply: headPartSaved,
    errors: [409],
    handler: ({ actor, params, query }) =>
      parts.removeClause(actor, params.concept_id, params.clause_id, choiceOf(query)),
  });
};
