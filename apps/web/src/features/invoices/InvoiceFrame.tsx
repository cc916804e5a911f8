import { can, holdsGrant, type AccessSubject } from '@lexdesk/contract';
import type { ReactNode } from 'react';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ListPage } from '../../ui/ListPage.tsx';
import { InvoiceTabs } from './InvoiceTabs.tsx';
import { ModuleOff } from '../../ui/ModuleOff.tsx';

/**
 * An invoice page the caller may not read: without the Invoice module, or a plain user without the Billing grant
 * (issue 29: the firm's admin gives it on the Users screen).
 */
export function InvoiceOff({ title, session }: { title: string; session: AccessSubject }) {
  const message =
    session.modules.invoice_permission && !holdsGrant(session, 'billing_permission')
      ? "Reading the firm's invoices and client accounts needs the Billing grant: ask your firm's administrator."
      : undefined;
  return <ModuleOff title={title} module="Invoice" message={message} />;
}

/**
 * The frame of the module's three main pages: the Invoice module check (no call of a user without it reaches the
 * server), the title with its buttons, and the tab bar Dashboard | Invoices | Client accounts.
 */
export function InvoiceFrame({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const session = useRequiredSession();
  if (!can(session, 'invoices.read')) return <InvoiceOff title={title} session={session} />;
  return (
    <ListPage title={title} intro={intro} actions={actions}>
      <InvoiceTabs />
      {children}
    </ListPage>
  );
}

/** Staff manage billing (accounts, drafts, issue, payments...); users read it. */
export function useCanManage(): boolean {
  return can(useRequiredSession(), 'invoices.manage');
}
