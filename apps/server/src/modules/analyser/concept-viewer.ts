import { can } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { ConceptListRecord, Viewer } from './concept-lists.repo.ts';

/** How `actor` looks at the repository (docs/analyser.md, "Who sees a list"). */
export function viewerOf(actor: Actor): Viewer {
  return {
    organisationId: actor.organisationId,
    userId: actor.userId,
    provider: can(actor, 'organisations.any_organisation.access'),
    namedUsersOnly: !can(actor, 'analyser.concepts.write'),
  };
}

/**
 * A list the provider curates (docs/analyser.md, "Who sees a list"): created by a super user (not an
 * organisation's own copy of one, which keeps that flag) or assigned to all. The same rule as `visibleTo`'s.
 */
export const isCuratedByProvider = (
  list: Pick<ConceptListRecord, 'created_by_super' | 'forked_from_id' | 'assigned_to_all'>,
): boolean => (list.created_by_super === 1 && list.forked_from_id === null) || list.assigned_to_all === 1;

/**
 * Where an edit of `list` lands (docs/analyser.md, "Editing a shared list"): the owner organisation's staff and
 * the super user change it for everyone it is assigned to; any other organisation's admin changes its own
 * copy, made on its first edit, so what other organisations see never changes. The super user may ask for
 * "only this organisation" (`updateAll` false) for an organisation the list is assigned to.
 */
export type EditTarget = { kind: 'in_place' } | { kind: 'own_copy'; organisationId: number };

export function editTargetOf(
  actor: Actor,
  list: Pick<ConceptListRecord, 'organisation_id'>,
  choice: { updateAll?: boolean | undefined; organisationId?: number | undefined },
): EditTarget {
  if (can(actor, 'organisations.any_organisation.access')) {
    const target = choice.organisationId;
    if (choice.updateAll === false && target !== undefined && target !== list.organisation_id) {
      return { kind: 'own_copy', organisationId: target };
    }
    return { kind: 'in_place' };
  }
  return list.organisation_id === actor.organisationId
    ? { kind: 'in_place' }
    : { kind: 'own_copy', organisationId: actor.organisationId };
}

/** Row actions (spec 03 §6): super and admin edit, amend and delete; everyone reads the description. */
export function listActionsOf(actor: Actor) {
  const write = can(actor, 'analyser.concepts.write');
  return { edit: write, description: true, amendment: write, delete: write };
}
