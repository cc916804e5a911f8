import type { PlaybookPackage } from '@lexdesk/contract';
import { parsePool, type ParseLimits } from '../../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../../platform/queues/fair-queue.ts';
import { HttpError } from '../../../platform/errors/http-error.ts';
import { readPlaybookPackage } from './playbook-package.ts';

/** What the worker answers: the package, or the refusal to give the user (its status and message). */
export type PackageReading =
  | { ok: true; pkg: PlaybookPackage }
  | { ok: false; status: number; code: string; message: string; fields?: Record<string, string> };

/** The worker task: readPlaybookPackage, with a refusal turned into data (an HttpError does not cross threads). */
export function readPackageTask(bytes: Uint8Array): PackageReading {
  try {
    return { ok: true, pkg: readPlaybookPackage(bytes) };
  } catch (error) {
    if (error instanceof HttpError) {
      return {
        ok: false,
        status: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      };
    }
    throw error;
  }
}

/** An uploaded package is untrusted: it is decoded and checked on a parsing worker, never on the request thread. */
export function readPackageInWorker(limits: ParseLimits, who: WorkRequester, bytes: Buffer): Promise<PackageReading> {
  return parsePool(limits).run<PackageReading>(who, new URL(import.meta.url), 'readPackageTask', [bytes]);
}
