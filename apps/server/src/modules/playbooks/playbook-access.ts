import { playbookMessages as M, PLAYBOOK_LIMITS } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { forbidden, notFound } from '../../platform/errors/http-error.ts';
import { findVisiblePlaybook, nameTaken, type PlaybookRecord, type Viewer } from './playbooks.repo.ts';

export const viewerOf = (actor: Actor): Viewer => ({ organisationId: actor.organisationId, userId: actor.userId });

/** A playbook the actor sees (own or shared with them), or 404 exactly like a missing one. */
export async function visiblePlaybook(ctx: AppContext, actor: Actor, id: number): Promise<PlaybookRecord> {
  const playbook = await findVisiblePlaybook(ctx.db, viewerOf(actor), id);
  if (!playbook) throw notFound();
  return playbook;
}

/** A playbook the actor's organisation owns: a shared one is read-only there (403), another's 404. */
export async function ownPlaybook(ctx: AppContext, actor: Actor, id: number): Promise<PlaybookRecord> {
  const playbook = await visiblePlaybook(ctx, actor, id);
  if (playbook.organisation_id !== actor.organisationId) throw forbidden(M.assignedReadOnly);
  return playbook;
}

/** `base`, or `base (2)`, `base (3)`… : the first name free in the organisation (duplicates, imports). */
export async function freeName(ctx: AppContext, organisationId: number, base: string): Promise<string> {
  const fit = (name: string, suffix: string) => name.slice(0, PLAYBOOK_LIMITS.name - suffix.length).trimEnd() + suffix;
  for (let n = 1; ; n += 1) {
    const candidate = fit(base, n === 1 ? '' : ` (${n})`);
    if (!(await nameTaken(ctx.db, organisationId, candidate.toLowerCase()))) return candidate;
  }
}
