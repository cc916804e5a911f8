import { expect, test, type Page } from '@playwright/test';
import {
  billedMinutes,
  formatMoney,
  invoiceMessages as M,
  invoiceTotals,
  minutesToQuantityMilli,
  TASK_SETTINGS_DEFAULTS,
  toDecimalString,
  type MoneyLine,
} from '@lexdesk/contract';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bearer, uniqueEmail } from '../support/api.ts';
import {
  apiCreateAccount,
  apiDraftInvoice,
  createBilledFirm,
  createInvoiceFirm,
  docxText,
  downloadInvoice,
  openTab,
  pdfText,
  pick,
  savedDownload,
  sha256Of,
  xlsxRows,
} from '../support/invoices.ts';
import { waitForMessageTo } from '../support/mail.ts';
import { expectAccessible, expectToastComesAndGoes, signIn } from '../support/ui.ts';

/**
 * More of the invoice module as its staff use it (docs/invoices.md "Web"): send, void, the office downloads, the
 * settings, editing a draft, and a time entry billed twice. Each journey has its own firm (numbering from 1); what
 * is not the journey's subject (the account, INV-1) is made through the API (support/invoices.ts).
 */

const usd = (minor: number) => formatMoney(minor, 'USD');
// The firm's approved time: 1h20m, billed as 84 minutes (6-minute increment) at the account's 200.00 an hour.
const BILLED = billedMinutes(80 * 60, TASK_SETTINGS_DEFAULTS.billing_increment_minutes);
const timeLine = (taxMilli = 0): MoneyLine => ({
  kind: 'time',
  quantity_milli: minutesToQuantityMilli(BILLED),
  unit_price_minor: 20000,
  tax_rate_milli: taxMilli,
  billed_minutes: BILLED,
});

/** Opens an invoice by its address, as a link in a mail or a bookmark would. */
async function openInvoice(page: Page, id: number, heading: string) {
  await page.goto(`/invoice?invoice_id=${id}`);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

/** The amount a totals block (`invoice-totals`) shows beside `label` (Subtotal, Tax, Total, Balance due). */
function totalsAmount(page: Page | ReturnType<Page['getByRole']>, label: string) {
  return page
    .getByTestId('invoice-totals')
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The side menu's 'Invoice' entry is the current one (highlighted) on every page of the module. */
async function expectInvoiceMenuCurrent(page: Page) {
  const entry = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Invoice', exact: true });
  await expect(entry).toHaveAttribute('aria-current', 'page');
  await expect(entry).toHaveClass(/\bactive\b/);
}

let workDir: string;
test.beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-invoices-'));
});
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

test.describe('Invoices: sending, voiding, files, settings and drafts (issue 16)', () => {
  test('an admin sends an issued invoice by email and the client receives it with its PDF', async ({
    page,
    request,
  }) => {
    const clientEmail = uniqueEmail('accounts');
    const { firm, invoice } = await createBilledFirm(request, { email: clientEmail });

    await signIn(page, firm.admin.email, firm.admin.password);
    await openInvoice(page, invoice.id, 'Invoice INV-1');
    await page.getByRole('button', { name: 'Send by email' }).click();
    const send = page.getByRole('dialog', { name: 'Send by email' });
    await expect(send.getByLabel('To')).toHaveValue(clientEmail);
    await send.getByLabel('Message').fill('Our invoice for the particulars of claim.');
    await expectAccessible(page);
    await send.getByRole('button', { name: 'Send' }).click();
    await expectToastComesAndGoes(page, M.sent(clientEmail));

    // The mail, in the SMTP sink: the message typed, and the PDF stored at issue (the same bytes as the download).
    const mail = await waitForMessageTo(clientEmail, (m) => m.subject.startsWith('Invoice INV-1 from'));
    expect(mail.text).toContain('Our invoice for the particulars of claim.');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ content_type: 'application/pdf' });
    expect(mail.attachments[0]!.filename).toMatch(/INV-1.*\.pdf$/);
    const pdf = await savedDownload(await downloadInvoice(page, 'PDF'), workDir);
    expect(mail.attachments[0]!.sha256).toBe(sha256Of(pdf));
  });

  test('an admin voids an issued invoice without payments and its time can be billed again', async ({
    page,
    request,
  }) => {
    const { firm, account, invoice } = await createBilledFirm(request);

    await signIn(page, firm.admin.email, firm.admin.password);
    await openInvoice(page, invoice.id, 'Invoice INV-1');
    await expectInvoiceMenuCurrent(page);
    await page.getByRole('button', { name: 'Void', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Void the invoice?' });
    await expect(confirm).toContainText('its time entries and expenses can be billed again');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Void' }).click();
    await expectToastComesAndGoes(page, M.voided);
    await expect(page.getByTestId('invoice-status')).toContainText('Void');
    for (const name of ['Void', 'Record payment', 'Credit note'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

    // The number stays used; the time is unbilled again, and a new draft takes it.
    await page.getByRole('link', { name: 'Back to the invoices' }).click();
    await expect(page.getByRole('table', { name: 'Invoices' })).toContainText('INV-1');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const draft = page.getByRole('dialog', { name: 'New invoice' });
    await pick(page, 'Client account', account.name);
    const time = draft.getByRole('table', { name: 'Unbilled time' });
    await expect(time).toContainText(firm.taskTitle);
    await time.getByRole('checkbox', { name: /^Bill 1h 20m of Tara Tasker/ }).check();
    await expect(totalsAmount(draft, 'Total')).toHaveText(usd(invoiceTotals([timeLine()], 'USD').total_minor));
    await draft.getByRole('button', { name: 'Save draft' }).click();
    await expectToastComesAndGoes(page, M.draftCreated);
    await expect(page.getByRole('heading', { name: /^Invoice Draft #\d+$/, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText(firm.taskTitle);
  });

  test('the .docx, .xlsx and LEDES downloads of an invoice carry the totals the screen shows', async ({
    page,
    request,
  }) => {
    // Time, a fixed fee taxed at 9.975 % and a 10 % discount: amounts that round.
    const { firm, invoice } = await createBilledFirm(request, {
      lines: [
        { kind: 'fixed_fee', description: 'Filing bundle', quantity: '1', unit_price: '99.99', tax_rate: '9.975' },
        { kind: 'discount', description: 'Loyalty discount', discount_percent: '10', tax_rate: '0' },
      ],
    });

    await signIn(page, firm.admin.email, firm.admin.password);
    await openInvoice(page, invoice.id, 'Invoice INV-1');
    const screen = {
      subtotal: (await totalsAmount(page, 'Subtotal').textContent())!,
      tax: (await totalsAmount(page, 'Tax').textContent())!,
      total: (await totalsAmount(page, 'Total').textContent())!,
    };
    // The screen says what the API stored, formatted by the contract's one money module.
    expect(screen).toEqual({
      subtotal: usd(invoice.subtotal_minor),
      tax: usd(invoice.tax_minor),
      total: usd(invoice.total_minor),
    });
    const decimal = (minor: number) => toDecimalString(minor, 'USD');

    // .docx: LibreOffice opens it; its text has the number, the lines and the three totals as on the screen.
    const docx = await savedDownload(await downloadInvoice(page, 'Word (.docx)'), workDir);
    expect(path.extname(docx)).toBe('.docx');
    const text = docxText(docx, workDir);
    for (const expected of ['INV-1', 'Filing bundle', 'Loyalty discount', screen.subtotal, screen.tax, screen.total])
      expect(text).toContain(expected);

    // .xlsx: the Subtotal, Tax and Total rows hold the same amounts, as numbers.
    const rows = await xlsxRows(await savedDownload(await downloadInvoice(page, 'Excel (.xlsx)'), workDir));
    const row = (label: string) => rows.find((r) => r[2] === label);
    expect(row('Subtotal')?.[7]).toBe(Number(decimal(invoice.subtotal_minor)));
    expect(row('Tax')?.[8]).toBe(Number(decimal(invoice.tax_minor)));
    expect(row('Total')?.[7]).toBe(Number(decimal(invoice.total_minor)));
    expect(rows.filter((r) => ['Time', 'Fixed fee', 'Discount'].includes(String(r[1])))).toHaveLength(3);

    // LEDES 1998B: its header, the field names, one line per invoice line with the invoice total, and line totals
    // (before tax) that add up to the subtotal.
    const ledes = readFileSync(await savedDownload(await downloadInvoice(page, 'LEDES 1998B'), workDir), 'utf8');
    const lines = ledes.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('LEDES1998B[]');
    const fields = lines[1]!.replace(/\[\]$/, '').split('|');
    const items = lines.slice(2).map((l) => l.replace(/\[\]$/, '').split('|'));
    expect(items).toHaveLength(3);
    const at = (item: string[], field: string) => item[fields.indexOf(field)];
    for (const item of items) {
      expect(at(item, 'INVOICE_NUMBER')).toBe('INV-1');
      expect(at(item, 'INVOICE_TOTAL')).toBe(decimal(invoice.total_minor));
    }
    const cents = items.reduce((sum, item) => sum + Math.round(Number(at(item, 'LINE_ITEM_TOTAL')) * 100), 0);
    expect(usd(cents)).toBe(screen.subtotal);
  });

  test('an admin changes the invoice settings and the next issued invoice carries them', async ({ page, request }) => {
    const firm = await createInvoiceFirm(request);
    const account = await apiCreateAccount(request, firm);
    const prefix = `LX${Date.now() % 1000}-`;

    await signIn(page, firm.admin.email, firm.admin.password);
    await page.goto('/invoicemain');
    await expect(page.getByRole('heading', { name: 'Invoice Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Invoice settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Invoice settings' });
    await settings.getByLabel('Firm address').fill('12 Chancery Lane\nLondon WC2A 1PL');
    await settings.getByLabel('Default tax rate (%)').fill('20');
    await settings.getByLabel('Invoice prefix').fill('bad prefix!');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByText(M.prefixInvalid)).toBeVisible();
    await settings.getByLabel('Invoice prefix').fill(prefix);
    await expectAccessible(page);
    await settings.getByRole('button', { name: 'Save' }).click();
    await expectToastComesAndGoes(page, M.settingsSaved);

    // A new draft takes the default tax on its time; issued, it is number 1 of the new prefix.
    await expectInvoiceMenuCurrent(page);
    await openTab(page, 'Client accounts', 'Client Accounts');
    await expectInvoiceMenuCurrent(page);
    await openTab(page, 'Invoices', 'Invoices');
    await page.getByRole('button', { name: 'New invoice' }).click();
    const draft = page.getByRole('dialog', { name: 'New invoice' });
    await pick(page, 'Client account', account.name);
    await expect(draft.getByLabel('Tax on time (%)')).toHaveValue('20');
    await draft.getByRole('checkbox', { name: /^Bill 1h 20m of Tara Tasker/ }).check();
    const totals = invoiceTotals([timeLine(20_000)], 'USD');
    await expect(totalsAmount(draft, 'Tax')).toHaveText(usd(totals.tax_minor));
    await draft.getByRole('button', { name: 'Save draft' }).click();
    await expectToastComesAndGoes(page, M.draftCreated);
    await page.getByRole('button', { name: 'Issue', exact: true }).click();
    await page.getByRole('dialog', { name: 'Issue the invoice?' }).getByRole('button', { name: 'Issue' }).click();
    await expectToastComesAndGoes(page, M.issued(`${prefix}1`));
    await expect(page.getByRole('heading', { name: `Invoice ${prefix}1`, level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText('20 %');
    await expect(totalsAmount(page, 'Total')).toHaveText(usd(totals.total_minor));

    // Its PDF has the firm's address and the number.
    const text = await pdfText(await downloadInvoice(page, 'PDF'));
    for (const expected of [`${prefix}1`, '12 Chancery Lane', 'London WC2A 1PL', usd(totals.total_minor)])
      expect(text).toContain(expected);
  });

  test('an admin edits a draft: the live totals and the saved totals agree', async ({ page, request }) => {
    const firm = await createInvoiceFirm(request);
    const account = await apiCreateAccount(request, firm);
    const draft = await apiDraftInvoice(request, firm, account.id, {
      lines: [{ kind: 'discount', description: 'Loyalty discount', discount_percent: '10', tax_rate: '0' }],
    });
    // After the edit: the time, a fixed fee of 2 × 45.50 taxed at 20 %, and the discount down to 5 %.
    const totals = invoiceTotals(
      [
        timeLine(),
        { kind: 'fixed_fee', quantity_milli: 2000, unit_price_minor: 4550, tax_rate_milli: 20_000 },
        {
          kind: 'discount',
          quantity_milli: 1000,
          unit_price_minor: 0,
          tax_rate_milli: 0,
          discount_percent_milli: 5000,
        },
      ],
      'USD',
    );

    await signIn(page, firm.admin.email, firm.admin.password);
    await openInvoice(page, draft.id, `Invoice Draft #${draft.id}`);
    await expect(totalsAmount(page, 'Total')).toHaveText(usd(draft.total_minor));
    await page.getByRole('button', { name: 'Edit draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit draft invoice' });
    await expect(dialog.getByRole('checkbox', { name: /^Bill 1h 20m of Tara Tasker/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add fixed fee' }).click();
    const fee = dialog.getByRole('group', { name: 'Fixed fee 2' });
    await fee.getByLabel('Fixed fee description').fill('Court bundle copies');
    await fee.getByLabel('Quantity').fill('2');
    await fee.getByLabel('Unit price (USD)').fill('45.50');
    await fee.getByLabel('Tax (%)').fill('20');
    await dialog.getByRole('group', { name: 'Discount 1' }).getByLabel('Percent (%)').fill('5');
    await expect(totalsAmount(dialog, 'Subtotal')).toHaveText(usd(totals.subtotal_minor));
    await expect(totalsAmount(dialog, 'Tax')).toHaveText(usd(totals.tax_minor));
    await expect(totalsAmount(dialog, 'Total')).toHaveText(usd(totals.total_minor));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expectToastComesAndGoes(page, M.draftUpdated);

    // The saved draft (the server's totals) says the same, on the page and through the API.
    await expect(totalsAmount(page, 'Subtotal')).toHaveText(usd(totals.subtotal_minor));
    await expect(totalsAmount(page, 'Tax')).toHaveText(usd(totals.tax_minor));
    await expect(totalsAmount(page, 'Total')).toHaveText(usd(totals.total_minor));
    await expect(page.getByRole('table', { name: 'Invoice lines' })).toContainText('Court bundle copies');
    const saved = await request.get(`/api/invoice/${draft.id}/`, { headers: bearer(firm.admin.access) });
    expect(await saved.json()).toMatchObject({
      subtotal_minor: totals.subtotal_minor,
      tax_minor: totals.tax_minor,
      total_minor: totals.total_minor,
    });
  });

  test('billing a time entry that another draft has just taken is refused with a clear message', async ({
    page,
    request,
  }) => {
    const firm = await createInvoiceFirm(request);
    const account = await apiCreateAccount(request, firm);

    await signIn(page, firm.admin.email, firm.admin.password);
    await page.goto('/invoicelist');
    await expectInvoiceMenuCurrent(page);
    await page.getByRole('button', { name: 'New invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'New invoice' });
    await pick(page, 'Client account', account.name);
    await dialog.getByRole('checkbox', { name: /^Bill 1h 20m of Tara Tasker/ }).check();
    // Meanwhile a colleague puts the same entry on a draft of their own.
    const other = await apiDraftInvoice(request, firm, account.id);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(M.timeEntryOnDraft);
    // The choices refresh: the entry the colleague took is no longer offered.
    await expect(dialog.getByRole('table', { name: 'Unbilled time' })).toContainText(
      'No approved billable time to bill.',
    );
    await expectAccessible(page);
    // Nothing of this form was saved: the colleague's draft is the only invoice of the list.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    const list = page.getByRole('table', { name: 'Invoices' });
    await expect(list).toContainText(`Draft #${other.id}`);
    await expect(list.getByRole('row')).toHaveCount(2);
  });
});
