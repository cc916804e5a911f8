import {
  knowledgeAbilities,
  KNOWLEDGE_ROLE_LABELS,
  type KnowledgeRefusal,
  type KnowledgeRole,
  type KnowledgeRuleMode,
  type Role,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { usersService } from '../users/index.ts';
import { rulesOf, treeRows, type TreeRecord } from './knowledge.repo.ts';

/** Who reads knowledge: the user, their knowledge role and flag, and whether their licence has Knowledge. */
export interface Viewer {
  userId: number;
  organisationId: number;
  role: Role;
  name: string;
  email: string;
  knowledgeRole: KnowledgeRole | null;
  dataPermission: boolean;
  /** The effective `knowledge_permission` (user AND organisation, plan not lapsed): `knowledge_access`. */
  licence: boolean;
}

/** The viewer behind a signed-in actor (main session or knowledge token). */
export async function viewerOf(ctx: AppContext, actor: Actor): Promise<Viewer> {
  const account = await usersService(ctx).accountOf({ organisationId: actor.organisationId, userId: actor.userId });
  return {
    userId: actor.userId,
    organisationId: actor.organisationId,
    role: actor.role,
    name: account ? `${account.firstName} ${account.lastName}`.trim() || account.email : 'This user',
    email: account?.email ?? '',
    knowledgeRole: account?.knowledgeRole ?? null,
    dataPermission: account?.knowledgeDataPermission ?? false,
    licence: actor.modules.knowledge_permission,
  };
}

/** The part of the world a decision needs: every node the organisation may ever reach, and its rules. */
export interface KnowledgeWorld {
  organisationId: number;
  nodes: ReadonlyMap<number, TreeRecord>;
  rules: ReadonlyMap<number, KnowledgeRuleMode>;
}

export async function worldOf(ctx: AppContext, organisationId: number): Promise<KnowledgeWorld> {
  const [rows, rules] = await Promise.all([treeRows(ctx.db, organisationId), rulesOf(ctx.db, organisationId)]);
  return {
    organisationId,
    nodes: new Map(rows.map((row) => [row.id, row])),
    rules: new Map(rules.map((rule) => [rule.node_id, rule.mode as KnowledgeRuleMode])),
  };
}

/**
 * The world of an organisation's access rules as `seenFromOrganisationId` sees it: its own organisation's, all of
 * it; another organisation's (only the provider's curator edits one), the shared nodes and the organisation's
 * rules on them, never the firm's own nodes (their titles, ids) nor its rules on them. Every access-rule read and
 * write goes through it (issue 29), so a node outside it answers like an unknown id.
 */
export function rulesWorldSeenFrom(world: KnowledgeWorld, seenFromOrganisationId: number): KnowledgeWorld {
  if (world.organisationId === seenFromOrganisationId) return world;
  const nodes = new Map([...world.nodes].filter(([, node]) => node.organisation_id === null));
  return {
    organisationId: world.organisationId,
    nodes,
    rules: new Map([...world.rules].filter(([nodeId]) => nodes.has(nodeId))),
  };
}

export type Decision = { visible: true; restricted: boolean } | { visible: false; why: KnowledgeRefusal | 'unknown' };

/** What the organisation itself reaches of a node, before the user: shared or not, restricted by which rule. */
export interface Reach {
  /** Unknown id, another organisation's node, or a shared node not shared with the organisation. */
  reachable: boolean;
  shared: boolean;
  /** The shared domain whose rule (`allowed`, or `restricted`) shares it with the organisation. */
  sharedBy: TreeRecord | null;
  /** The nearest node on the path from the top whose rule restricts it (restriction holds for all below). */
  restrictedBy: TreeRecord | null;
}

/** The node's path from its domain down to it (unknown parents end it). */
export function pathOf(world: KnowledgeWorld, nodeId: number): TreeRecord[] {
  const path: TreeRecord[] = [];
  const seen = new Set<number>();
  let current = world.nodes.get(nodeId);
  while (current && !seen.has(current.id)) {
    seen.add(current.id);
    path.unshift(current);
    current = current.parent_id === null ? undefined : world.nodes.get(current.parent_id);
  }
  return path;
}

/**
 * THE rule, for the organisation (docs/knowledge.md, "The policy"): an own node is reachable; a shared node
 * only when the organisation has a rule (allowed, or restricted) on its shared domain; a `restricted` rule
 * anywhere on the path restricts the node and everything below it (an `allowed` further down lifts nothing).
 */
export function reachOf(world: KnowledgeWorld, nodeId: number): Reach {
  const node = world.nodes.get(nodeId);
  if (!node) return { reachable: false, shared: false, sharedBy: null, restrictedBy: null };
  const path = pathOf(world, nodeId);
  const domain = path[0];
  const shared = node.organisation_id === null;
  const sharedBy = shared && domain && world.rules.has(domain.id) ? domain : null;
  const restrictedBy = path.find((step) => world.rules.get(step.id) === 'restricted') ?? null;
  const complete = domain?.parent_id === null;
  return { reachable: complete && (!shared || sharedBy !== null), shared, sharedBy, restrictedBy };
}

/** Whether the viewer may read Knowledge at all (licence, then knowledge role). */
export function entryRefusal(viewer: Viewer): KnowledgeRefusal | null {
  if (!viewer.licence) return 'no_licence';
  if (viewer.knowledgeRole === null) return 'no_role';
  return null;
}

function curates(viewer: Viewer): boolean {
  return knowledgeAbilities({
    role: viewer.role,
    knowledge_role: viewer.knowledgeRole,
    knowledge_access: viewer.licence,
  }).can_curate_shared;
}

/** The one decision every way out asks: may this viewer see this node? */
export function decide(viewer: Viewer, world: KnowledgeWorld, nodeId: number): Decision {
  const refusal = entryRefusal(viewer);
  if (refusal) return { visible: false, why: refusal };
  if (world.organisationId !== viewer.organisationId) return { visible: false, why: 'unknown' };
  const reach = reachOf(world, nodeId);
  // The provider's curator (super user, knowledge manager) reaches every shared domain to write it.
  const curating = reach.shared && pathOf(world, nodeId)[0]?.parent_id === null && curates(viewer);
  if (!reach.reachable && !curating) return { visible: false, why: world.nodes.has(nodeId) ? 'not_shared' : 'unknown' };
  const restricted = reach.restrictedBy !== null;
  if (restricted && !viewer.dataPermission) return { visible: false, why: 'restricted' };
  return { visible: true, restricted };
}

/** Every node the viewer sees, with whether it is restricted (lists, search and exports filter by it). */
export function visibleNodes(viewer: Viewer, world: KnowledgeWorld): Map<number, { restricted: boolean }> {
  const visible = new Map<number, { restricted: boolean }>();
  for (const id of world.nodes.keys()) {
    const decision = decide(viewer, world, id);
    if (decision.visible) visible.set(id, { restricted: decision.restricted });
  }
  return visible;
}

const quoted = (node: TreeRecord) => `'${node.title}'`;

/**
 * The decision in sentences, for the effective-access screen ("Uma User has the knowledge role Reader.",
 * "'Settlement playbook' is restricted by the rule on 'Negotiation notes'.", …).
 */
export function explain(
  viewer: Viewer,
  world: KnowledgeWorld,
  nodeId: number,
  organisationName: string,
): { decision: Decision; steps: string[] } {
  const who = viewer.name;
  const node = world.nodes.get(nodeId);
  const steps: string[] = [];
  steps.push(
    viewer.licence
      ? `${who}'s licence includes Knowledge.`
      : `${who}'s licence does not include Knowledge (the Knowledge module is off for them or for ${organisationName}).`,
  );
  steps.push(
    viewer.knowledgeRole
      ? `${who} has the knowledge role ${KNOWLEDGE_ROLE_LABELS[viewer.knowledgeRole]}.`
      : `${who} has no knowledge role.`,
  );
  const decision = decide(viewer, world, nodeId);
  if (node) {
    const reach = reachOf(world, nodeId);
    if (!reach.shared) steps.push(`${quoted(node)} belongs to ${organisationName}.`);
    else if (reach.sharedBy)
      steps.push(`${quoted(node)} is shared with ${organisationName} by the rule on ${quoted(reach.sharedBy)}.`);
    else steps.push(`${quoted(node)} is in a shared domain that is not shared with ${organisationName}.`);
    if (reach.restrictedBy) {
      steps.push(
        reach.restrictedBy.id === node.id
          ? `${quoted(node)} is restricted by its own rule.`
          : `${quoted(node)} is restricted by the rule on ${quoted(reach.restrictedBy)}.`,
      );
      steps.push(
        viewer.dataPermission
          ? `${who} has the restricted-data flag.`
          : `${who} does not have the restricted-data flag.`,
      );
    } else if (reach.reachable) {
      steps.push(`No rule restricts ${quoted(node)}.`);
    }
    steps.push(decision.visible ? `So ${who} can see ${quoted(node)}.` : `So ${who} cannot see ${quoted(node)}.`);
  }
  return { decision, steps };
}
