import { expect } from 'vitest';
import { multipartBody, type Harness } from '../../../test/harness.ts';
import { buildEml } from '../case-emails/eml-builder.ts';

/** A case of the token's organisation, created through the cases API. */
export async function createCase(
  h: Harness,
  token: string,
  title = `Matter ${Math.random().toString(36).slice(2, 8)}`,
) {
  const res = await h.request('POST', '/api/case/', { token, body: { title, status: 'open', client: 'Acme Ltd' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; title: string }>();
}

/** A real .eml with a text attachment and an HTML attachment. */
export function sampleEml(subject = 'Signed engagement letter'): Buffer {
  return buildEml({
    from: '"Jane Client" <jane@client.example>',
    to: 'lawyer@demo.example',
    cc: 'paralegal@demo.example',
    subject,
    date: new Date('2026-02-27T10:15:00Z'),
    text: 'Please find the signed engagement letter and the notes attached.',
    attachments: [
      {
        fileName: 'engagement-notes.txt',
        contentType: 'text/plain',
        content: Buffer.from('The client accepts the indemnity clause and the fee schedule.'),
      },
      {
        fileName: 'summary.html',
        contentType: 'text/html',
        content: Buffer.from('<html><body><h1>Summary</h1><p>Termination on 30 days notice.</p></body></html>'),
      },
    ],
  });
}

export async function importEmail(h: Harness, token: string | null, caseId: number, data: Buffer, name = 'mail.eml') {
  const body = multipartBody('file', name, 'message/rfc822', data);
  return h.request('POST', `/api/case/${caseId}/emails/`, { token, payload: body.payload, headers: body.headers });
}

/** A document uploaded to the case through the documents API. */
export async function uploadDocument(h: Harness, token: string, caseId: number, name = 'notes.txt') {
  const body = multipartBody('file', name, 'text/plain', Buffer.from(`Notes for ${name}: payment within 30 days.`));
  const res = await h.request('POST', `/api/case/${caseId}/documents/`, {
    token,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; name: string }>();
}
