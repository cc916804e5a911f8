import { OTP_TTL_MINUTES } from '@lexdesk/contract';
import type { MailMessage } from '../../platform/mail/mail.service.ts';

/** The OTP text, the same by SMS and by email. */
export function otpText(code: string): string {
  return `Your Lexdesk registration code is ${code}. It expires in ${OTP_TTL_MINUTES} minutes. Never share it.`;
}

export function otpMail(to: string, code: string): MailMessage {
  const text = otpText(code);
  return {
    organisationId: null,
    to,
    subject: 'Your Lexdesk registration code',
    text: `Hello,\n\n${text}\n\nLexdesk\n`,
  };
}
