import { commonMessages } from '@lexdesk/contract';
import { ApiError, apiUrl, forceLogout, type QueryValue } from './client.ts';
import { getToken } from '../app/session/storage.ts';

/** The file name of a Content-Disposition header, or `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

export interface FileRequest {
  query?: Record<string, QueryValue>;
  /** Sent as JSON in a POST (the Q&A export); without it the file is fetched with a GET. */
  body?: unknown;
  /** 0-99 as bytes arrive (spec 01 §4 download dialog); the caller shows 100 once the file is saved. */
  onProgress?: (percent: number) => void;
}

/**
 * Fetches a file with the bearer token, reporting progress as bytes arrive; a 401/403 signs out like every
 * other call, other failures throw ApiError with the server text.
 */
export async function downloadFile(
  path: string,
  { query, body, onProgress }: FileRequest = {},
): Promise<{ blob: Blob; fileName: string }> {
  const token = getToken();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, commonMessages.generic, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) forceLogout();
    const error = (await response.json().catch(() => null)) as { detail?: string; code?: string } | null;
    throw new ApiError(
      response.status,
      error?.detail ?? commonMessages.generic,
      error?.code ?? `HTTP_${response.status}`,
    );
  }
  const total = Number(response.headers.get('content-length') ?? 0);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'download');
  if (!response.body || !total || !onProgress) {
    return { blob: new Blob([await response.arrayBuffer()], { type }), fileName };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(Math.min(99, Math.round((received / total) * 100)));
  }
  return { blob: new Blob(chunks, { type }), fileName };
}
