import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { attachmentDisposition } from './content-disposition.ts';

/** A stored file as the user uploaded it: its name, type and size, streamed from storage. */
export interface StoredDownload {
  name: string;
  mediaType: string;
  size: number;
  stream: Readable;
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
