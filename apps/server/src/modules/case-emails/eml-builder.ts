import { randomUUID } from 'node:crypto';

export interface EmlAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface EmlInput {
  from: string;
  to: string;
  cc?: string;
  subject: string;
  date: Date;
  text: string;
  attachments?: EmlAttachment[];
}

const wrap = (base64: string): string => base64.replace(/.{1,76}/g, '$&\r\n');

/** A MIME message (.eml) with base64 attachments: the demo seed and the tests build real emails with it. */
export function buildEml(input: EmlInput): Buffer {
  const boundary = `lexdesk-${randomUUID()}`;
  const headers = [
    `From: ${input.from}`,
    `To: ${input.to}`,
    ...(input.cc ? [`Cc: ${input.cc}`] : []),
    `Subject: ${input.subject}`,
    `Date: ${input.date.toUTCString()}`,
    `Message-ID: <${randomUUID()}@lexdesk.example>`,
    'MIME-Version: 1.0',
  ];
  const attachments = input.attachments ?? [];
  if (attachments.length === 0) {
    return Buffer.from(
      [
        ...headers,
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: 8bit',
        '',
        input.text,
        '',
      ].join('\r\n'),
    );
  }
  const parts = [
    [
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      input.text,
    ].join('\r\n'),
    ...attachments.map((attachment) =>
      [
        `--${boundary}`,
        `Content-Type: ${attachment.contentType}; name="${attachment.fileName}"`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; filename="${attachment.fileName}"`,
        '',
        wrap(attachment.content.toString('base64')),
      ].join('\r\n'),
    ),
  ];
  return Buffer.from(
    [...headers, `Content-Type: multipart/mixed; boundary="${boundary}"`, '', ...parts, `--${boundary}--`, ''].join(
      '\r\n',
    ),
  );
}
