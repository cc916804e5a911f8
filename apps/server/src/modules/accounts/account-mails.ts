import type { OutboxKind } from '@lexdesk/contract';
import type { MailMessage } from '../../platform/mail/mail.service.ts';

/** Emails in link paths keep their '@' readable; everything else unsafe in a path is escaped. */
function pathEmail(email: string): string {
  return encodeURIComponent(email).replaceAll('%40', '@');
}

/** The web's reset-password route: /user/password/new/{username}/token={token}. */
export function resetPasswordLink(publicUrl: string, email: string, token: string): TokenLink {
  return { url: `${publicUrl}/user/password/new/${pathEmail(email)}/token=${token}`, token };
}

/** The web's set-password route: /{username}/token={token}. */
export function setPasswordLink(publicUrl: string, email: string, token: string): TokenLink {
  return { url: `${publicUrl}/${pathEmail(email)}/token=${token}`, token };
}

/** The web's create-admin route: /register/admin/email={email}&token={token}. */
export function createAdminLink(publicUrl: string, email: string, token: string): TokenLink {
  return { url: `${publicUrl}/register/admin/email=${pathEmail(email)}&token=${token}`, token };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A link with its token: the token is the secret part, masked in the outbox. */
export interface TokenLink {
  url: string;
  token: string;
}

/** 'Dear Ann,' when the account has a name (an invitation, a reset); 'Hello,' before anyone gave one. */
export function greeting(firstName?: string): string {
  const name = firstName?.trim();
  return name ? `Dear ${name},` : 'Hello,';
}

function linkMail(
  kind: OutboxKind,
  organisationId: number,
  to: string,
  subject: string,
  intro: string,
  { url, token }: TokenLink,
  firstName?: string,
): MailMessage {
  const outro = 'The link works once and expires in 24 hours. If you did not expect this email, ignore it.';
  const hello = greeting(firstName);
  return {
    organisationId,
    kind,
    to,
    subject,
    text: `${hello}\n\n${intro}\n\n${url}\n\n${outro}\n\nLexdesk\n`,
    html: `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>${escapeHtml(outro)}</p><p>Lexdesk</p>`,
    secrets: [token],
  };
}

export function resetPasswordMail(
  organisationId: number,
  to: string,
  link: TokenLink,
  firstName?: string,
): MailMessage {
  return linkMail(
    'reset_password',
    organisationId,
    to,
    'Reset your Lexdesk password',
    'Choose a new password for your Lexdesk account here:',
    link,
    firstName,
  );
}

export function setPasswordMail(
  organisationId: number,
  to: string,
  organisation: string,
  link: TokenLink,
  firstName?: string,
): MailMessage {
  return linkMail(
    'set_password',
    organisationId,
    to,
    'Set your Lexdesk password',
    `Set the password of your Lexdesk account at ${organisation} here:`,
    link,
    firstName,
  );
}

export function createAdminMail(
  organisationId: number,
  to: string,
  organisation: string,
  link: TokenLink,
): MailMessage {
  return linkMail(
    'admin_invitation',
    organisationId,
    to,
    `You are invited to administer ${organisation} on Lexdesk`,
    `You were invited as an administrator of ${organisation} on Lexdesk. Create your account here:`,
    link,
  );
}
