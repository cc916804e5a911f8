import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import { blobStorage } from '../storage/storage.service.ts';
import { attachmentDisposition } from './content-disposition.ts';

/** A stored file as the user uploaded it: its name, type and size, streamed from storage. */
export interface StoredDownload {
  name: string;
  mediaType: string;
  size: number;
  stream: Readable;
}

/** An attachment row (tasks, playbooks, knowledge) as its download: the file as uploaded, from storage. */
export function attachmentDownload(
  ctx: AppContext,
  row: { file_name: string; content_type: string; size: number | string | bigint; storage_key: string },
): StoredDownload {
  return {
    name: row.file_name,
    mediaType: row.content_type,
    size: Number(row.size),
    stream: blobStorage(ctx).stream(row.storage_key),
  };
}

/** Sends a stored file as a download that no shared cache keeps (it may be a client's privileged document). */
export function sendDownload(reply: FastifyReply, file: StoredDownload) {
  return reply
    .header('content-type', file.mediaType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(file.name))
    .header('cache-control', 'private, no-store')
    .send(file.stream as never);
}
