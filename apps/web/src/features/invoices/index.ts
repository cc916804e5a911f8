import InvoiceIcon from '@mui/icons-material/ReceiptLongOutlined';
import { lazy } from 'react';
import { defineWebModule } from '../../app/webModule.ts';
import { ACCOUNT_LIST_PATH, INVOICE_LIST_PATH, INVOICE_MAIN_PATH, INVOICE_PATH } from './paths.ts';

/**
 * Invoices and client accounts (issue 16, docs/invoices.md "Web"): the billing dashboard (/invoicemain), the
 * invoices (/invoicelist) with the new-invoice flow, one invoice with its actions (/invoice?invoice_id=N) and the
 * client accounts with their expenses (/accountlist). Everyone with the Invoice module reads; staff manage.
 */
export const invoicesModule = defineWebModule({
  name: 'invoices',
  routes: [
    {
      path: INVOICE_MAIN_PATH,
      Page: lazy(() => import('./InvoiceDashboardPage.tsx').then((m) => ({ default: m.InvoiceDashboardPage }))),
    },
    {
      path: INVOICE_LIST_PATH,
      menuKey: 'invoice',
      Page: lazy(() => import('./InvoiceListPage.tsx').then((m) => ({ default: m.InvoiceListPage }))),
    },
    {
      path: INVOICE_PATH,
      menuKey: 'invoice',
      Page: lazy(() => import('./InvoicePage.tsx').then((m) => ({ default: m.InvoicePage }))),
    },
    {
      path: ACCOUNT_LIST_PATH,
      menuKey: 'invoice',
      Page: lazy(() => import('./AccountListPage.tsx').then((m) => ({ default: m.AccountListPage }))),
    },
  ],
  menuIcons: { invoice: InvoiceIcon },
});
