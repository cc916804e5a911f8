import {
  can,
  knowledgeMessages as M,
  type KnowledgeAccessUsers,
  type KnowledgeDomainData,
  type KnowledgeEffective,
  type KnowledgeEffectiveQuery,
  type KnowledgeNodeKind,
  type KnowledgeRuleList,
  type KnowledgeRuleOrganisations,
  type KnowledgeRulesBody,
  type KnowledgeServiceNodes,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors/http-error.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService, type Account } from '../users/index.ts';
import { requireAccessManager } from './knowledge-auth.service.ts';
import { replaceRules } from './knowledge.repo.ts';
import {
  explain,
  reachOf,
  rulesWorldSeenFrom,
  viewerOf,
  visibleNodes,
  worldOf,
  type KnowledgeWorld,
  type Viewer,
} from './policy.ts';

/** A user of the organisation as the policy sees them (their flags AND the organisation's, plan not lapsed). */
async function viewerOfAccount(ctx: AppContext, account: Account): Promise<Viewer> {
  const organisation = await organisationsService(ctx).summaryOf(account.organisationId);
  return {
    userId: account.id,
    organisationId: account.organisationId,
    role: account.role,
    name: `${account.firstName} ${account.lastName}`.trim() || account.email,
    email: account.email,
    knowledgeRole: account.knowledgeRole,
    dataPermission: account.knowledgeDataPermission,
    licence:
      account.isActive &&
      account.moduleColumns.knowledge_permission === 1 &&
      organisation?.moduleColumns.knowledge_permission === 1,
  };
}

/** Whose rules: the actor's organisation, or (super only) the one named. */
async function organisationFor(ctx: AppContext, actor: Actor, orgId: number | undefined): Promise<number> {
  if (orgId === undefined || orgId === actor.organisationId) return actor.organisationId;
  if (!can(actor, 'knowledge.shared.curate')) throw notFound();
  if (!(await organisationsService(ctx).summaryOf(orgId))) throw notFound();
  return orgId;
}

/** The organisation's rules world as the actor may see it (another organisation's: its shared part only). */
async function rulesWorldFor(ctx: AppContext, actor: Actor, organisationId: number): Promise<KnowledgeWorld> {
  return rulesWorldSeenFrom(await worldOf(ctx, organisationId), actor.organisationId);
}

async function userOf(ctx: AppContext, organisationId: number, userId: number): Promise<Account> {
  const account = await usersService(ctx).accountOf({ organisationId, userId });
  if (!account) throw notFound();
  return account;
}

/** Access rules, the users' knowledge settings, the effective-access explainer, and the service calls. */
export function knowledgeAccessService(ctx: AppContext) {
  const service = {
    /** GET access/organisations/: whose rules the actor may edit (every organisation for the curator). */
    async organisations(actor: Actor): Promise<KnowledgeRuleOrganisations> {
      requireAccessManager(await viewerOf(ctx, actor));
      if (can(actor, 'knowledge.shared.curate')) return { data: await organisationsService(ctx).options(actor) };
      const own = await organisationsService(ctx).summaryOf(actor.organisationId);
      return { data: own ? [{ id: own.id, name: own.name }] : [] };
    },

    async rules(actor: Actor, orgId: number | undefined): Promise<KnowledgeRuleList> {
      requireAccessManager(await viewerOf(ctx, actor));
      const organisationId = await organisationFor(ctx, actor, orgId);
      const world = await rulesWorldFor(ctx, actor, organisationId);
      return {
        organisation_id: organisationId,
        data: [...world.rules.entries()].flatMap(([nodeId, mode]) => {
          const node = world.nodes.get(nodeId);
          return node
            ? [
                {
                  node_id: nodeId,
                  title: node.title,
                  kind: node.kind as KnowledgeNodeKind,
                  shared: node.organisation_id === null,
                  mode,
                },
              ]
            : [];
        }),
      };
    },

    /**
     * PUT access/rules/: replaces the organisation's rules. `allowed` shares a shared domain with the
     * organisation: only the provider's super user sets or removes it (an admin's list keeps those rules as
     * they are); `restricted` goes on the organisation's own nodes and on shared nodes shared with it. The
     * curator saving another organisation's rules replaces its rules on shared nodes only (issue 29).
     */
    async saveRules(actor: Actor, body: KnowledgeRulesBody): Promise<KnowledgeRuleList> {
      requireAccessManager(await viewerOf(ctx, actor));
      const organisationId = await organisationFor(ctx, actor, body.org_id);
      const curator = can(actor, 'knowledge.shared.curate');
      // Another organisation's: shared nodes only, so its own nodes answer like unknown ids (no oracle).
      const world = await rulesWorldFor(ctx, actor, organisationId);
      const sharedOnly = organisationId !== actor.organisationId;
      const existingAllowed = [...world.rules.entries()].filter(([, mode]) => mode === 'allowed').map(([id]) => id);
      const wanted = new Map(body.rules.map((rule) => [rule.node_id, rule.mode]));
      if (!curator) {
        for (const [id, mode] of wanted)
          if (mode === 'allowed' && !existingAllowed.includes(id)) throw badRequest(M.allowedOnlySuper);
        for (const id of existingAllowed) if (!wanted.has(id)) wanted.set(id, 'allowed');
      }
      for (const [id, mode] of wanted) {
        const node = world.nodes.get(id);
        if (!node) throw badRequest(M.unknownNode);
        if (mode === 'allowed' && (node.organisation_id !== null || node.parent_id !== null))
          throw badRequest(M.allowedOnlyShared);
        if (node.organisation_id === null && !reachableUnder(world, wanted, id)) throw badRequest(M.unknownNode);
      }
      await inTransaction(ctx, async (tx) => {
        await replaceRules(
          tx.db,
          organisationId,
          [...wanted.entries()].map(([node_id, mode]) => ({ node_id, mode })),
          actor.userId,
          nowIso(tx),
          sharedOnly,
        );
        await auditService(tx).record({ userId: actor.userId, organisationId }, 'knowledge_rules', null, 'updated', {
          rules: wanted.size,
        });
      });
      return service.rules(actor, organisationId);
    },

    async users(actor: Actor): Promise<KnowledgeAccessUsers> {
      requireAccessManager(await viewerOf(ctx, actor));
      const accounts = await usersService(ctx).allIn(actor.organisationId);
      const data = [];
      for (const account of accounts) {
        const viewer = await viewerOfAccount(ctx, account);
        data.push({
          id: account.id,
          name: viewer.name,
          email: account.email,
          role: account.role,
          knowledge_role: account.knowledgeRole,
          knowledge_data_permission: account.knowledgeDataPermission,
          knowledge_access: viewer.licence,
        });
      }
      return { data };
    },

    /** GET access/effective/: the policy's decision for that user and node, in sentences. */
    async effective(actor: Actor, query: KnowledgeEffectiveQuery): Promise<KnowledgeEffective> {
      requireAccessManager(await viewerOf(ctx, actor));
      const account = await userOf(ctx, actor.organisationId, query.user_id);
      const world = await worldOf(ctx, actor.organisationId);
      if (!reachOf(world, query.node_id).reachable) throw notFound();
      const organisation = await organisationsService(ctx).summaryOf(actor.organisationId);
      const viewer = await viewerOfAccount(ctx, account);
      const { decision, steps } = explain(viewer, world, query.node_id, organisation?.name ?? 'the organisation');
      return {
        visible: decision.visible,
        reason: decision.visible || decision.why === 'unknown' ? null : decision.why,
        steps,
      };
    },

    /** Service GET nodes-list/: every node the key's organisation reaches, restricted ones marked. */
    async serviceNodes(organisationId: number): Promise<KnowledgeServiceNodes> {
      const world = await worldOf(ctx, organisationId);
      return {
        data: [...world.nodes.values()].flatMap((node) => {
          const reach = reachOf(world, node.id);
          if (!reach.reachable) return [];
          return [
            {
              id: node.id,
              parent_id: node.parent_id,
              kind: node.kind as KnowledgeNodeKind,
              title: node.title,
              restricted: reach.restrictedBy !== null,
            },
          ];
        }),
      };
    },

    /** Service GET domain/data/{user_id}/: the nodes that user sees, and those restricted for them. */
    async serviceDomainData(organisationId: number, userId: number): Promise<KnowledgeDomainData> {
      const account = await userOf(ctx, organisationId, userId);
      const viewer = await viewerOfAccount(ctx, account);
      const world = await worldOf(ctx, organisationId);
      const visible = visibleNodes(viewer, world);
      const restricted = [...world.nodes.keys()].filter((id) => {
        const reach = reachOf(world, id);
        return reach.reachable && reach.restrictedBy !== null && !visible.has(id);
      });
      return {
        user_id: userId,
        allowed: [...visible.keys()].sort((a, b) => a - b),
        restricted: restricted.sort((a, b) => a - b),
      };
    },
  };
  return service;
}

/** Whether the organisation would reach a node under the rules being saved. */
function reachableUnder(world: KnowledgeWorld, rules: ReadonlyMap<number, 'allowed' | 'restricted'>, id: number) {
  return reachOf({ ...world, rules }, id).reachable;
}
