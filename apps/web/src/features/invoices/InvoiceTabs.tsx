import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useLocation } from 'react-router';
import { ACCOUNT_LIST_PATH, INVOICE_LIST_PATH, INVOICE_MAIN_PATH } from './paths.ts';

const TABS = [
  { path: INVOICE_MAIN_PATH, label: 'Dashboard' },
  { path: INVOICE_LIST_PATH, label: 'Invoices' },
  { path: ACCOUNT_LIST_PATH, label: 'Client accounts' },
] as const;

/** The links between the module's three main pages (the side menu has one entry, /invoicemain). */
export function InvoiceTabs() {
  const { pathname } = useLocation();
  const current = TABS.find((tab) => tab.path === pathname)?.path ?? false;
  return (
    <Tabs
      aria-label="Invoice pages"
      value={current}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', minHeight: 40 }}
    >
      {TABS.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={RouterLink}
          to={tab.path}
          aria-current={tab.path === current ? 'page' : undefined}
          sx={{ textTransform: 'none', minHeight: 40 }}
        />
      ))}
    </Tabs>
  );
}
