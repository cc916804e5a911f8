import type { PlaybookExportBody, PlaybookSaved } from '@lexdesk/contract';
import { playbookMessages as M } from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import type { AppContext } from '../../platform/context.ts';
import { HttpError, tooLarge } from '../../platform/errors/http-error.ts';
import { ParseLimitError } from '../../platform/parsing/parse-pool.ts';
import { visibleConceptHeads } from '../analyser/index.ts';
import { organisationsService } from '../organisations/index.ts';
import { buildPlaybookDocx } from './export/playbook-docx.ts';
import { readPackageInWorker } from './export/playbook-package-worker.ts';
import { packagePlaybook } from './export/playbook-package.ts';
import { docxToPdf } from '../../platform/conversion/docx-to-pdf.ts';
import { attachmentFilesFor } from './playbook-attachments.service.ts';
import { importPlaybookPackage } from './playbook-import.ts';
import { playbookContentFor } from './playbook-versions.service.ts';
import { userWork } from '../../platform/queues/fair-queue.ts';

export interface ExportedFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

const TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  json: 'application/json',
} as const;

/** A file name from the playbook's name and version: letters, digits, spaces and dashes. */
function fileNameOf(name: string, version: number | null, extension: string): string {
  const base =
    name
      .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'Playbook';
  return `${base} ${version === null ? 'draft' : `v${version}`}.${extension}`;
}

/** POST playbook-export/{id}/ and POST playbook/import/ (docs/playbooks.md, "The package"). */
export function playbookExportService(ctx: AppContext) {
  return {
    async export(
      actor: Actor,
      playbookId: number,
      body: PlaybookExportBody,
      signal: AbortSignal,
    ): Promise<ExportedFile> {
      const { version, content } = await playbookContentFor(ctx, actor, playbookId, body.version);
      const fileName = fileNameOf(content.name, version, body.format);
      if (body.format === 'json') {
        const heads = await visibleConceptHeads(
          ctx,
          actor,
          content.entries.flatMap((e) => e.concept_head_ids),
        );
        const ids = content.attachments.map((attachment) => attachment.id);
        const attachments = await attachmentFilesFor(ctx, actor, playbookId, ids);
        // A version lists attachments deleted since; the package holds what still exists.
        const kept = new Set(attachments.map((attachment) => attachment.id));
        const data = packagePlaybook({
          content: { ...content, attachments: content.attachments.filter((a) => kept.has(a.id)) },
          conceptHeads: heads,
          attachments,
        });
        return { fileName, contentType: TYPES.json, data };
      }
      const organisation = (await organisationsService(ctx).summaryOf(actor.organisationId))?.name ?? '';
      const build = () => buildPlaybookDocx(content, { version, organisation, exportedAt: new Date() });
      if (body.format === 'docx') return { fileName, contentType: TYPES.docx, data: await build() };
      // LibreOffice is shared by every organisation: the export waits its turn (429 past its share) and the
      // .docx is built only then, so a refused export costs nothing.
      return {
        fileName,
        contentType: TYPES.pdf,
        data: await docxToPdf(ctx.config.pdf, userWork(actor, signal), build),
      };
    },

    async import(
      actor: Actor,
      bytes: Buffer,
      signal: AbortSignal,
    ): Promise<PlaybookSaved & { dropped_concept_heads: string[] }> {
      const who = userWork(actor, signal);
      const reading = await readPackageInWorker(ctx.config.parse, who, bytes).catch((error: unknown) => {
        if (error instanceof ParseLimitError) throw tooLarge(M.invalidPackage);
        throw error;
      });
      if (!reading.ok) throw new HttpError(reading.status, reading.code, reading.message, reading.fields);
      const imported = await importPlaybookPackage(ctx, actor, reading.pkg, who);
      return { detail: M.imported, id: imported.id, dropped_concept_heads: imported.droppedConceptHeads };
    },
  };
}
