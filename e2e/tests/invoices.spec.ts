import { expect, test } from '@playwright/test';
import {
  billedMinutes,
  formatDuration,
  formatMoney,
  invoiceMessages as M,
  invoiceTotals,
  minutesToQuantityMilli,
  TASK_SETTINGS_DEFAULTS,
} from '@lexdesk/contract';
import { setBillingGrant, uniqueName } from '../support/api.ts';
import {
  apiCreateAccount,
  apiCreateExpense,
  apiIssueInvoice,
  backdateInvoice,
  createInvoiceFirm,
  invoiceIdOf,
  openTab,
  pdfText,
  pick,
} from '../support/invoices.ts';
import { expectAccessible, expectToastComesAndGoes, signInFast } from '../support/ui.ts';

const usd = (minor: number) => formatMoney(minor, 'USD');

/**
 * What the invoice must say, from the contract's one money module: 1h20m rounds up to the 6-minute increment
 * (84 minutes) at 200.00 an hour, and a 55.00 court fee; no tax.
 */
function expected() {
  const raw = 80 * 60;
  const billed = billedMinutes(raw, TASK_SETTINGS_DEFAULTS.billing_increment_minutes);
  const totals = invoiceTotals(
    [
      {
        kind: 'time',
        quantity_milli: minutesToQuantityMilli(billed),
        unit_price_minor: 20000,
        tax_rate_milli: 0,
        billed_minutes: billed,
      },
      { kind: 'expense', quantity_milli: 1000, unit_price_minor: 5500, tax_rate_milli: 0 },
    ],
    'USD',
  );
  expect(totals.total_minor).toBe(28000 + 5500);
  return { raw, billed, totals };
}

test.describe('Invoices and client accounts (issue 16)', () => {
  test(
    'an admin bills a case’s approved time and an expense, issues INV-1 and reads its PDF',
    { tag: '@smoke' },
    async ({ page }, testInfo) => {
      const firm = await createInvoiceFirm(page.request);
      const client = uniqueName('Northwind Shipping');
      const { raw, billed, totals } = expected();

      // The dashboard opens from the side menu; the client account is created on Client accounts.
      await signInFast(page, firm.admin.email, firm.admin.password);
      await page.getByRole('navigation').getByRole('link', { name: 'Invoice', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Invoice Dashboard', level: 1 })).toBeVisible();
      await expect(page.getByText('No invoices issued yet.')).toBeVisible();
      await expectAccessible(page);
      await openTab(page, 'Client accounts', 'Client Accounts');
      await page.getByRole('button', { name: 'New client account' }).click();
      const form = page.getByRole('dialog', { name: 'New client account' });
      await form.getByRole('button', { name: 'Create' }).click();
      await expect(form.getByText(M.accountNameRequired)).toBeVisible();
      await form.getByLabel('Client name').fill(client);
      await form.getByLabel('Billing address').fill('1 Harbour Road\nSouthampton');
      await form.getByLabel('Email').fill('accounts@northwind.example');
      await form.getByLabel('Hourly rate').fill('200.00');
      await pick(page, 'Cases', firm.caseTitle);
      await expectAccessible(page);
      await form.getByRole('button', { name: 'Create' }).click();
      await expectToastComesAndGoes(page, M.accountCreated);
      const accounts = page.getByRole('table', { name: 'Client accounts' });
      await expect(accounts).toContainText(client);
      await expect(accounts).toContainText(firm.caseTitle);
      await expectAccessible(page);

      // A court fee on the account's expenses.
      await accounts.getByRole('button', { name: `Actions for ${client}` }).click();
      await page.getByRole('menuitem', { name: 'Expenses' }).click();
      const expenses = page.getByRole('dialog', { name: `Expenses of ${client}` });
      await expenses.getByRole('button', { name: 'Add expense' }).click();
      const expenseForm = page.getByRole('dialog', { name: 'Add expense' });
      await expenseForm.getByLabel('Description').fill('Court fee');
      await expenseForm.getByLabel('Unit cost (USD)').fill('55.00');
      await expenseForm.getByRole('button', { name: 'Add', exact: true }).click();
      await expectToastComesAndGoes(page, M.expenseCreated);
      await expect(expenses.getByRole('table', { name: 'Expenses' })).toContainText('Not billed');
      await expectAccessible(page);
      await expenses.getByRole('button', { name: 'Close' }).click();

      // New invoice: the account's approved time (raw, billed, uplift) and the expense, ticked; live totals.
      await openTab(page, 'Invoices', 'Invoices');
      await page.getByRole('button', { name: 'New invoice' }).click();
      const draft = page.getByRole('dialog', { name: 'New invoice' });
      await pick(page, 'Client account', client);
      const time = draft.getByRole('table', { name: 'Unbilled time' });
      await expect(time).toContainText(firm.taskTitle);
      await expect(time).toContainText('1h 20m');
      await expect(time).toContainText(formatDuration(billed * 60));
      await expect(time).toContainText(`+${formatDuration(billed * 60 - raw)}`);
      await time.getByRole('checkbox', { name: /^Bill 1h 20m of Tara Tasker/ }).check();
      await draft
        .getByRole('table', { name: 'Unbilled expenses' })
        .getByRole('checkbox', { name: 'Bill the expense Court fee' })
        .check();
      const liveTotals = draft.getByTestId('invoice-totals');
      await expect(liveTotals).toContainText(usd(totals.total_minor));
      await expectAccessible(page);
      await draft.getByRole('button', { name: 'Save draft' }).click();
      await expectToastComesAndGoes(page, M.draftCreated);
      await expect(page).toHaveURL(/\/invoice\?invoice_id=\d+$/);
      const invoiceId = invoiceIdOf(page);
      await expect(page.getByRole('heading', { name: `Invoice Draft #${invoiceId}`, level: 1 })).toBeVisible();
      await expect(page.getByTestId('invoice-totals')).toContainText(usd(totals.total_minor));
      await expectAccessible(page);

      // Issue: number 1 of the organisation's series.
      await page.getByRole('button', { name: 'Issue', exact: true }).click();
      await page.getByRole('dialog', { name: 'Issue the invoice?' }).getByRole('button', { name: 'Issue' }).click();
      await expectToastComesAndGoes(page, M.issued('INV-1'));
      await expect(page.getByRole('heading', { name: 'Invoice INV-1', level: 1 })).toBeVisible();
      await expect(page.getByTestId('invoice-status')).toContainText('Issued');
      await expectAccessible(page);

      // The PDF opens and says what the screen says.
      await page.getByRole('button', { name: 'Download' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'PDF' }).click();
      const download = await downloading;
      const text = await pdfText(download);
      await testInfo.attach('INV-1.txt', { body: text, contentType: 'text/plain' });
      expect(text).toContain('INV-1');
      expect(text).toContain(client);
      expect(text).toContain('Court fee');
      expect(text).toContain(usd(totals.total_minor));
    },
  );

  // Split from the journey above (108 s together, so the two workers balance): INV-1 issued through the API.
  test('an admin records a partial payment on INV-1, sees it overdue on the page, the list and the dashboard, and issues a credit note', async ({
    page,
  }) => {
    const { totals } = expected();
    const firm = await createInvoiceFirm(page.request);
    const account = await apiCreateAccount(page.request, firm);
    const expenseId = await apiCreateExpense(page.request, firm, account.id, {
      description: 'Court fee',
      amount: '55.00',
    });
    const invoice = await apiIssueInvoice(page.request, firm, account.id, { expense_ids: [expenseId] });
    expect(invoice.number).toBe('INV-1');
    const invoiceId = invoice.id;

    await signInFast(page, firm.admin.email, firm.admin.password);
    await page.goto(`/invoice?invoice_id=${invoiceId}`);
    await expect(page.getByRole('heading', { name: 'Invoice INV-1', level: 1 })).toBeVisible();
    await expect(page.getByTestId('invoice-totals')).toContainText(usd(totals.total_minor));

    // A partial payment: Partially paid, with the balance left.
    await page.getByRole('button', { name: 'Record payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Record payment' });
    await payment.getByLabel('Amount (USD)').fill('100.00');
    await payment.getByLabel('Reference').fill('BACS 4471');
    await expectAccessible(page);
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expectToastComesAndGoes(page, M.paymentRecorded);
    await expect(page.getByTestId('invoice-status')).toContainText('Partially paid');
    const balance = totals.total_minor - 10000;
    await expect(page.getByTestId('invoice-totals')).toContainText(usd(balance));
    await expect(page.getByRole('table', { name: 'Payments' })).toContainText('BACS 4471');

    // Past its due date (its dates moved back in the database): Overdue, on the page, the list and the dashboard.
    await backdateInvoice(invoiceId, 5);
    await page.reload();
    await expect(page.getByTestId('invoice-status')).toContainText('Overdue');
    await page.getByRole('link', { name: 'Back to the invoices' }).click();
    await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoices' })).toContainText('INV-1');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Overdue' }).click();
    await expect(page.getByRole('table', { name: 'Invoices' }).getByText('INV-1')).toBeVisible();
    await expectAccessible(page);
    await openTab(page, 'Dashboard', 'Invoice Dashboard');
    await expect(page.getByText(/^Overdue \(1\)$/).locator('..')).toContainText(usd(balance));
    await page.getByRole('figure', { name: 'Ageing of what is due' }).getByText('Show the numbers').click();
    await expect(page.getByRole('table', { name: 'Ageing of what is due' })).toContainText(usd(balance));
    await expectAccessible(page);

    // A credit note for the court fee: CN-1, which lowers the balance.
    await page.getByRole('table', { name: 'Recent invoices' }).getByRole('link', { name: 'INV-1' }).click();
    await page.getByRole('button', { name: 'Credit note' }).click();
    const credit = page.getByRole('dialog', { name: 'Issue a credit note' });
    await credit
      .getByRole('checkbox', { name: new RegExp(firm.taskTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .uncheck();
    await credit.getByRole('button', { name: 'Issue credit note' }).click();
    await expect(credit.getByText(M.reasonRequired)).toBeVisible();
    await credit.getByLabel('Reason').fill('The court fee was waived');
    await expectAccessible(page);
    await credit.getByRole('button', { name: 'Issue credit note' }).click();
    await expectToastComesAndGoes(page, M.creditNoteIssued('CN-1'));
    await expect(page.getByRole('heading', { name: 'Credit note CN-1', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'INV-1' }).click();
    await expect(page.getByRole('table', { name: 'Credit notes' })).toContainText('CN-1');
    await expect(page.getByTestId('invoice-totals')).toContainText(usd(balance - 5500));
  });

  test('a plain user of the firm reads its billing and changes nothing', async ({ page, request }) => {
    const firm = await createInvoiceFirm(request);
    const account = await apiCreateAccount(request, firm);
    const invoice = await apiIssueInvoice(request, firm, account.id);
    expect(invoice.number).toBe('INV-1');
    // Reading the firm's billing is the admin's grant to a plain user (issue 29; users.spec.ts grants it on screen).
    await setBillingGrant(request, firm.user.email, true);

    await signInFast(page, firm.user.email, firm.user.password);
    await page.getByRole('navigation').getByRole('link', { name: 'Invoice', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Invoice Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Recent invoices' })).toContainText('INV-1');
    await expect(page.getByRole('button', { name: 'Invoice settings' })).toHaveCount(0);
    await expectAccessible(page);

    await openTab(page, 'Client accounts', 'Client Accounts');
    await expect(page.getByRole('table', { name: 'Client accounts' })).toContainText(account.name);
    await expect(page.getByRole('button', { name: 'New client account' })).toHaveCount(0);
    await page.getByRole('button', { name: `Actions for ${account.name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Expenses' }).click();
    const expenses = page.getByRole('dialog', { name: `Expenses of ${account.name}` });
    await expect(expenses.getByText('No records found')).toBeVisible();
    await expect(expenses.getByRole('button', { name: 'Add expense' })).toHaveCount(0);
    await expectAccessible(page);
    await expenses.getByRole('button', { name: 'Close' }).click();

    await openTab(page, 'Invoices', 'Invoices');
    await expect(page.getByRole('button', { name: 'New invoice' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Invoices' }).getByRole('link', { name: 'INV-1' }).click();
    await expect(page.getByRole('heading', { name: 'Invoice INV-1', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
    for (const name of ['Record payment', 'Credit note', 'Void', 'Send by email', 'Edit draft', 'Issue'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expectAccessible(page);
  });
});
