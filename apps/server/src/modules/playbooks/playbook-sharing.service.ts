import { playbookMessages as M, type PlaybookAssignment, type PlaybookAssignmentBody } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { notificationsService } from '../notifications/index.ts';
import { organisationsService } from '../organisations/index.ts';
import { pickerUsersFor } from '../users/index.ts';
import { ownPlaybook } from './playbook-access.ts';
import { assignmentRowsOf, replaceAssignments } from './playbook-parts.repo.ts';

/**
 * Sharing a playbook with other organisations and, optionally, named users of them (super only:
 * 'playbooks.assign'). Newly named users get a `my_playbook` notification.
 */
export function playbookSharingService(ctx: AppContext) {
  const assignmentOf = async (playbookId: number): Promise<PlaybookAssignment> => {
    const rows = await assignmentRowsOf(ctx.db, playbookId);
    return {
      playbook_id: playbookId,
      organisationIDs: [...new Set(rows.map((row) => row.organisation_id))],
      userIDs: rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
    };
  };

  return {
    /** GET playbook/{id}/assignment/. */
    async get(actor: Actor, playbookId: number): Promise<PlaybookAssignment> {
      await ownPlaybook(ctx, actor, playbookId);
      return assignmentOf(playbookId);
    },

    /** PUT playbook/{id}/assignment/: replaces who the playbook is shared with. */
    async put(actor: Actor, playbookId: number, body: PlaybookAssignmentBody): Promise<{ detail: string }> {
      const playbook = await ownPlaybook(ctx, actor, playbookId);
      const refuse = () => badRequest(M.unknownAssignee, { organisationIDs: M.unknownAssignee });
      const organisationIds = [...new Set(body.organisationIDs)].filter((id) => id !== playbook.organisation_id);
      for (const id of organisationIds) if (!(await organisationsService(ctx).summaryOf(id))) throw refuse();
      const pickable = new Map(
        (await pickerUsersFor(ctx, actor, organisationIds)).data.map((user) => [user.value, user.organisation]),
      );
      const userIds = [...new Set(body.userIDs)];
      if (userIds.some((id) => !pickable.has(id))) throw refuse();
      const before = new Set((await assignmentOf(playbookId)).userIDs);
      await inTransaction(ctx, async (tx) => {
        await replaceAssignments(
          tx.db,
          playbookId,
          organisationIds,
          userIds.map((id) => ({ id, organisationId: pickable.get(id) as number })),
        );
        for (const userId of userIds.filter((id) => !before.has(id)))
          await notificationsService(tx).notify({
            organisationId: pickable.get(userId) as number,
            userId,
            text: M.sharedWithYou(playbook.name),
            operation: 'playbook_shared',
            type: 'my_playbook',
            createdById: actor.userId,
          });
        await auditService(tx).record(actor, 'playbook', playbookId, 'assigned', {
          organisations: organisationIds,
          users: userIds,
        });
      });
      return { detail: M.assigned };
    },
  };
}
