import { playbookBody, playbookMessages as M, PLAYBOOK_LIMITS as L, type PlaybookPackage } from '@lexdesk/contract';
import { createHash } from 'node:crypto';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors/http-error.ts';
import { enqueueJob, wakeJobRunners } from '../../platform/jobs/jobs.service.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import { conceptHeadIdsByName } from '../analyser/index.ts';
import { checkUpload, safeFileName } from '../../platform/uploads/upload-gate.ts';
import { freeName } from './playbook-access.ts';
import { PLAYBOOK_UPLOADS } from './playbook-attachments.service.ts';
import { categoryIdsByName } from './playbook-categories.service.ts';
import { writeDraft } from './playbook-draft.ts';
import { insertAttachment } from './playbook-parts.repo.ts';
import { ATTACHMENT_INDEX_JOB } from './playbook-search.ts';
import { insertPlaybook } from './playbooks.repo.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

export interface ImportedPlaybook {
  id: number;
  name: string;
  /** Concept heads of the package that the organisation does not have ("List / Head"), dropped. */
  droppedConceptHeads: string[];
}

const invalid = () => badRequest(M.invalidPackage, { file: M.invalidPackage });

/**
 * Creates a playbook in the actor's organisation from a parsed package (POST playbook/import/, built on
 * branch pb-export): a free name (the package's, or "Name (2)"…), categories matched by name or created,
 * concept heads matched by list and head name or dropped (reported), attachments checked like uploads and
 * indexed in the background. No versions: the import is a draft.
 */
export async function importPlaybookPackage(
  ctx: AppContext,
  actor: Actor,
  pkg: PlaybookPackage,
  /** The attachments' checks run on the shared parsing threads, in this requester's share. */
  who: WorkRequester,
): Promise<ImportedPlaybook> {
  const source = pkg.playbook;
  if (source.attachments.length > L.attachmentsPerPlaybook) throw invalid();
  const pairs = source.entries.flatMap((entry) => entry.concept_heads);
  const heads = await conceptHeadIdsByName(ctx, actor, pairs);
  const dropped = [
    ...new Set(pairs.filter((p) => !heads.has(`${p.list}\u0000${p.head}`)).map((p) => `${p.list} / ${p.head}`)),
  ];
  // Validated like a saved draft (the package is the export's, but it came from a file).
  const parsed = playbookBody.safeParse({
    name: source.name,
    playbook_type: source.playbook_type,
    description: source.description,
    category_ids: [],
    entries: source.entries.map((entry) => ({ ...entry, category_id: null, concept_head_ids: [] })),
  });
  if (!parsed.success) throw invalid();

  const files: { name: string; extension: string; mediaType: string; data: Buffer }[] = [];
  for (const attachment of source.attachments) {
    const data = Buffer.from(attachment.data_base64, 'base64');
    if (createHash('sha256').update(data).digest('hex') !== attachment.sha256) throw invalid();
    const name = safeFileName(attachment.file_name);
    const { extension, mediaType } = await checkUpload(name, data, PLAYBOOK_UPLOADS, ctx.config.parse, who);
    files.push({ name, extension, mediaType, data });
  }

  // A file stored inside the transaction is removed again if it rolls back (inTransaction).
  const result = await inTransaction(ctx, async (tx) => {
    const org = actor.organisationId;
    const name = await freeName(tx, org, parsed.data.name);
    const now = nowIso(tx);
    const id = await insertPlaybook(tx.db, {
      organisation_id: org,
      name,
      name_key: name.toLowerCase(),
      playbook_type: parsed.data.playbook_type,
      description: parsed.data.description,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    const categories = await categoryIdsByName(tx, org, [
      ...source.categories,
      ...source.entries.flatMap((entry) => (entry.category ? [entry.category] : [])),
    ]);
    await writeDraft(
      tx,
      actor,
      { id, organisation_id: org },
      {
        category_ids: [...categories.values()],
        entries: parsed.data.entries.map((entry, index) => {
          const original = source.entries[index];
          const category = original?.category ? (categories.get(original.category.toLowerCase()) ?? null) : null;
          const headIds = (original?.concept_heads ?? []).flatMap((p) => heads.get(`${p.list}\u0000${p.head}`) ?? []);
          return { ...entry, category_id: category, concept_head_ids: [...new Set(headIds)] };
        }),
      },
    );
    for (const file of files) {
      const key = await blobStorage(tx).put('playbooks', file.data);
      const attachmentId = await insertAttachment(tx.db, {
        organisation_id: org,
        playbook_id: id,
        storage_key: key,
        file_name: file.name,
        content_type: file.mediaType,
        extension: file.extension,
        size: file.data.length,
        state: 'pending',
        uploaded_by: actor.userId,
        uploaded_at: now,
      });
      await enqueueJob(tx, ATTACHMENT_INDEX_JOB, { attachmentId }, { organisationId: org });
    }
    await auditService(tx).record(actor, 'playbook', id, 'imported', { dropped_concept_heads: dropped.length });
    return { id, name, droppedConceptHeads: dropped };
  });
  if (!ctx.db.isTransaction) wakeJobRunners();
  return result;
}
