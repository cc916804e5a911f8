import {
  invoiceMessages as M,
  type InvoiceDownloadFormat,
  type InvoiceExportQuery,
  type SendInvoiceBody,
} from '@lexdesk/contract';
import type { Actor } from '../../platform/access/actor.ts';
import { auditService } from '../../platform/audit/audit.service.ts';
import { inTransaction, type AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors/http-error.ts';
import { mailService } from '../../platform/mail/mail.service.ts';
import { blobStorage } from '../../platform/storage/storage.service.ts';
import {
  invoiceCsv,
  invoiceDocx,
  invoiceLedes,
  invoicePdf,
  invoiceXlsx,
  listCsv,
  listXlsx,
} from './invoice-outputs.ts';
import { findInvoice } from './invoices.repo.ts';
import { invoiceSettingsOf } from './invoice-common.ts';
import { invoicesService } from './invoices.service.ts';

const TYPES: Record<InvoiceDownloadFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  ledes: 'text/plain; charset=utf-8',
};
const EXTENSIONS: Record<InvoiceDownloadFormat, string> = {
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  csv: 'csv',
  ledes: 'txt',
};

/** The invoice's files: the PDF stored at issue, the other formats built from the same stored amounts, mail. */
export function invoiceFiles(ctx: AppContext) {
  const invoices = invoicesService(ctx);
  const fileName = (number: string | null, id: number, format: InvoiceDownloadFormat) =>
    `${number ?? `draft-${id}`}${format === 'ledes' ? '-ledes' : ''}.${EXTENSIONS[format]}`;

  return {
    async download(actor: Actor, id: number, format: InvoiceDownloadFormat) {
      const detail = await invoices.detail(actor, id);
      const settings = await invoiceSettingsOf(ctx, actor.organisationId);
      const name = fileName(detail.number, id, format);
      const mediaType = TYPES[format];
      if (format === 'pdf') {
        const record = await findInvoice(ctx.db, actor.organisationId, id);
        if (record?.pdf_storage_key)
          return { name, mediaType, data: await blobStorage(ctx).get(record.pdf_storage_key) };
        return { name, mediaType, data: await invoicePdf(detail, settings) };
      }
      if (format === 'docx') return { name, mediaType, data: await invoiceDocx(detail, settings) };
      if (format === 'xlsx') return { name, mediaType, data: await invoiceXlsx(detail) };
      if (format === 'csv') return { name, mediaType, data: invoiceCsv(detail) };
      return { name, mediaType, data: Buffer.from(invoiceLedes(detail, settings), 'utf8') };
    },
    async exportList(actor: Actor, query: InvoiceExportQuery) {
      const rows = await invoices.exportRows(actor, query);
      const data = query.format === 'csv' ? listCsv(rows) : await listXlsx(rows);
      return { name: `invoices.${query.format}`, mediaType: TYPES[query.format], data };
    },
    async send(actor: Actor, id: number, body: SendInvoiceBody) {
      const detail = await invoices.detail(actor, id);
      if (detail.status === 'draft') throw conflict(M.sendDraft);
      const record = await findInvoice(ctx.db, actor.organisationId, id);
      if (!record?.pdf_storage_key) throw notFound();
      const to = body.to ?? detail.account.email;
      if (!to) throw badRequest(M.noRecipient, { to: M.noRecipient });
      const settings = await invoiceSettingsOf(ctx, actor.organisationId);
      const kind = detail.kind === 'credit_note' ? 'Credit note' : 'Invoice';
      await inTransaction(ctx, async (tx) => {
        await mailService(tx).enqueue({
          organisationId: actor.organisationId,
          kind: 'invoice',
          to,
          subject: `${kind} ${detail.number} from ${settings.firm_name}`,
          text: [
            body.message ?? `Please find attached ${kind.toLowerCase()} ${detail.number}.`,
            '',
            settings.firm_name,
          ].join('\n'),
          secrets: [],
          attachments: [
            { name: fileName(detail.number, id, 'pdf'), storage_key: record.pdf_storage_key!, media_type: TYPES.pdf },
          ],
        });
        // The recipient is client content: the event keeps the number, and whether the account's address was used.
        await auditService(tx).record(actor, 'invoice', id, 'sent', { number: detail.number, to_account: !body.to });
      });
      mailService(ctx).sendQueued();
      return { detail: M.sent(to) };
    },
  };
}
