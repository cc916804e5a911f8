/** A real MIME message (.eml) with base64 attachments, built in the test as a mail client would. */
export function buildEml(input: {
  subject: string;
  from: string;
  to: string;
  text: string;
  attachments: { fileName: string; contentType: string; content: string }[];
}): Buffer {
  const boundary = `e2e-${Date.now().toString(36)}`;
  const lines = [
    `From: ${input.from}`,
    `To: ${input.to}`,
    `Subject: ${input.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${boundary}@e2e.example>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    input.text,
  ];
  for (const attachment of input.attachments) {
    lines.push(
      `--${boundary}`,
      `Content-Type: ${attachment.contentType}; name="${attachment.fileName}"`,
      'Content-Transfer-Encoding: base64',
      `Content-Disposition: attachment; filename="${attachment.fileName}"`,
      '',
      Buffer.from(attachment.content).toString('base64'),
    );
  }
  lines.push(`--${boundary}--`, '');
  return Buffer.from(lines.join('\r\n'));
}

/** Today as the server counts it (UTC), for due dates. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
