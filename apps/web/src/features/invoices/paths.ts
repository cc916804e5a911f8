/** The invoice module's pages (spec 01: /invoicemain, /invoicelist, /accountlist, /invoice). */
export const INVOICE_MAIN_PATH = '/invoicemain';
export const INVOICE_LIST_PATH = '/invoicelist';
export const ACCOUNT_LIST_PATH = '/accountlist';
export const INVOICE_PATH = '/invoice';

/** /invoice?invoice_id=N: one invoice (or credit note) with its actions. */
export const invoicePath = (invoiceId: number) => `${INVOICE_PATH}?invoice_id=${invoiceId}`;

/** A positive integer id from a query value, else null. */
export function idOf(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
