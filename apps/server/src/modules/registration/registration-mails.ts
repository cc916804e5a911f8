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
    kind: 'registration_code',
    to,
    subject: 'Your Lexdesk registration code',
    text: `Hello,\n\n${text}\n\nLexdesk\n`,
    secrets: [code],
  };
}

/**
 * Sent instead of a set-password link when a registration's email already has an account: the sign-up
 * answered as for any email, so only the mailbox's owner learns that the account exists.
 */
export function accountExistsMail(publicUrl: string, to: string): MailMessage {
  return {
    organisationId: null,
    kind: 'account_exists',
    to,
    subject: 'You already have a Lexdesk account',
    text:
      `Hello,\n\nSomeone, perhaps you, registered a new firm on Lexdesk with this email address, which already ` +
      `has an account, so no new firm was created.\n\nSign in at ${publicUrl}/login. If you forgot your ` +
      `password, choose "Forgot password ?" there.\n\nIf this was not you, you can ignore this email.\n\nLexdesk\n`,
    secrets: [],
  };
}
