/**
 * A time entry or an expense on an invoice (a draft or an issued one) cannot change under it: the task
 * tracker refuses to edit, unapprove or delete a billed entry (and to delete its task) through the platform's
 * holds (docs/architecture.md "Holds"); the invoices module refuses to edit or delete a billed expense. Deleting
 * the draft or voiding the invoice releases them.
 */
import { invoiceMessages as M, type InvoiceSaved, type TimeEntrySaved } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { tokensOf } from '../tasks/task-test-helpers.ts';
import { account, approvedEntry, caseOf, detailOf, draft, expenseOf } from './invoice-test-helpers.ts';

async function taskOfEntry(h: Harness, token: string, entryId: number) {
  const res = await h.request('GET', '/api/time-entry/', { token, query: { limits: 200 } });
  return res.json<{ data: { id: number; task_id: number }[] }>().data.find((e) => e.id === entryId)!.task_id;
}

/** Every change the owners refuse, answered with the entry's and the expense's message. */
async function expectHeld(
  h: Harness,
  token: string,
  ids: { entry: number; expense: number; accountId: number; otherCase: number },
  messages: string[],
) {
  const [entryMessage, expenseMessage] = messages;
  const edit = await h.request('PUT', `/api/time-entry/${ids.entry}/`, { token, body: { note: 'changed' } });
  expect(detailOf(edit, 409)).toBe(entryMessage);
  const unapprove = await h.request('POST', '/api/time-entry/approve/', {
    token,
    body: { entry_ids: [ids.entry], approved: false },
  });
  expect(detailOf(unapprove, 409)).toBe(entryMessage);
  const remove = await h.request('DELETE', `/api/time-entry/${ids.entry}/`, { token });
  expect(detailOf(remove, 409)).toBe(entryMessage);
  const task = await taskOfEntry(h, token, ids.entry);
  const removeTask = await h.request('DELETE', `/api/task/${task}/`, { token });
  expect(detailOf(removeTask, 409)).toBe(entryMessage);
  // Moving the task to another case would move the billed time off the case its invoice bills.
  const moveTask = await h.request('PUT', `/api/task/${task}/`, { token, body: { case_id: ids.otherCase } });
  expect(detailOf(moveTask, 409)).toBe(entryMessage);
  const editExpense = await h.request('PUT', `/api/invoice/expenses/${ids.expense}/`, {
    token,
    body: { account_id: ids.accountId, date: '2026-02-21', description: 'Changed', amount: '1.00' },
  });
  expect(detailOf(editExpense, 409)).toBe(expenseMessage);
  const deleteExpense = await h.request('DELETE', `/api/invoice/expenses/${ids.expense}/`, { token });
  expect(detailOf(deleteExpense, 409)).toBe(expenseMessage);
}

describeEachDatabase('invoices hold the time entries and expenses they bill', (h) => {
  it('refuses to change them while on a draft; deleting the draft releases them', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const entry = await approvedEntry(h(), admin, caseId);
    const expense = await expenseOf(h(), admin, acc.id, { case_id: caseId });
    const inv = await draft(h(), admin, { account_id: acc.id, time_entry_ids: [entry], expense_ids: [expense] });
    const ids = { entry, expense, accountId: acc.id, otherCase: await caseOf(h(), admin) };
    await expectHeld(h(), admin, ids, [M.timeEntryHeldByDraft, M.expenseHeldByDraft]);

    // Editing the draft without them releases them too.
    const edited = await h().request('PUT', `/api/invoice/${inv.id}/`, {
      token: admin,
      body: { lines: [{ kind: 'fixed_fee', description: 'Fee', unit_price: '10' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const note = await h().request('PUT', `/api/invoice/expenses/${expense}/`, {
      token: admin,
      body: { account_id: acc.id, case_id: caseId, date: '2026-02-21', description: 'Court fee', amount: '50.00' },
    });
    expect(note.statusCode, note.body).toBe(200);
    const back = await h().request('PUT', `/api/invoice/${inv.id}/`, {
      token: admin,
      body: { time_entry_ids: [entry], expense_ids: [expense] },
    });
    expect(back.statusCode, back.body).toBe(200);
    await expectHeld(h(), admin, ids, [M.timeEntryHeldByDraft, M.expenseHeldByDraft]);

    expect((await h().request('DELETE', `/api/invoice/${inv.id}/`, { token: admin })).statusCode).toBe(200);
    const unapprove = await h().request('POST', '/api/time-entry/approve/', {
      token: admin,
      body: { entry_ids: [entry], approved: false },
    });
    expect(unapprove.statusCode, unapprove.body).toBe(200);
    const edit = await h().request('PUT', `/api/time-entry/${entry}/`, { token: admin, body: { note: 'changed' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<TimeEntrySaved>().entry.note).toBe('changed');
    expect((await h().request('DELETE', `/api/invoice/expenses/${expense}/`, { token: admin })).statusCode).toBe(200);
    expect((await h().request('DELETE', `/api/time-entry/${entry}/`, { token: admin })).statusCode).toBe(200);
  });

  it('refuses to change them while on an issued invoice, naming it; voiding releases them', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const entry = await approvedEntry(h(), admin, caseId, '45m');
    const expense = await expenseOf(h(), admin, acc.id);
    const d = await draft(h(), admin, { account_id: acc.id, time_entry_ids: [entry], expense_ids: [expense] });
    const issued = await h().request('POST', `/api/invoice/${d.id}/issue/`, { token: admin, body: {} });
    const number = issued.json<InvoiceSaved>().invoice.number!;
    const ids = { entry, expense, accountId: acc.id, otherCase: await caseOf(h(), admin) };
    await expectHeld(h(), admin, ids, [M.timeEntryHeld(number), M.expenseHeld(number)]);
    expect(M.timeEntryHeld(number)).toBe(`This time entry is on invoice ${number}; void the invoice first.`);

    const voided = await h().request('POST', `/api/invoice/${d.id}/void/`, { token: admin });
    expect(voided.statusCode, voided.body).toBe(200);
    const unapprove = await h().request('POST', '/api/time-entry/approve/', {
      token: admin,
      body: { entry_ids: [entry], approved: false },
    });
    expect(unapprove.statusCode, unapprove.body).toBe(200);
    expect((await h().request('DELETE', `/api/invoice/expenses/${expense}/`, { token: admin })).statusCode).toBe(200);
    const task = await taskOfEntry(h(), admin, entry);
    expect((await h().request('DELETE', `/api/task/${task}/`, { token: admin })).statusCode).toBe(200);
  });

  it('approving again an entry already billed is harmless; other entries are not held', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    const billed = await approvedEntry(h(), admin, caseId, '30m');
    const free = await approvedEntry(h(), admin, caseId, '30m');
    await draft(h(), admin, { account_id: acc.id, time_entry_ids: [billed] });
    const again = await h().request('POST', '/api/time-entry/approve/', {
      token: admin,
      body: { entry_ids: [billed, free], approved: true },
    });
    expect(again.statusCode, again.body).toBe(200);
    const both = await h().request('POST', '/api/time-entry/approve/', {
      token: admin,
      body: { entry_ids: [free, billed], approved: false },
    });
    expect(detailOf(both, 409)).toBe(M.timeEntryHeldByDraft);
    const one = await h().request('POST', '/api/time-entry/approve/', {
      token: admin,
      body: { entry_ids: [free], approved: false },
    });
    expect(one.statusCode, one.body).toBe(200);
  });

  it('an unapprove racing a draft of the same entries never leaves a billed entry unapproved', async () => {
    const { admin } = await tokensOf(h());
    const caseId = await caseOf(h(), admin);
    const acc = await account(h(), admin, [caseId]);
    for (let round = 0; round < 8; round++) {
      const entry = await approvedEntry(h(), admin, caseId, '15m');
      const [drafted, unapproved] = await Promise.all([
        h().request('POST', '/api/invoice/', { token: admin, body: { account_id: acc.id, time_entry_ids: [entry] } }),
        h().request('POST', '/api/time-entry/approve/', {
          token: admin,
          body: { entry_ids: [entry], approved: false },
        }),
      ]);
      // Exactly one wins: the draft (the unapprove is refused) or the unapprove (the draft no longer finds it).
      const outcome = [drafted.statusCode, unapproved.statusCode];
      expect(outcome, `${drafted.body} ${unapproved.body}`).toEqual(
        drafted.statusCode === 201 ? [201, 409] : [400, 200],
      );
      const entries = await h().request('GET', '/api/time-entry/', { token: admin, query: { limits: 200 } });
      const row = entries.json<{ data: { id: number; approved: boolean }[] }>().data.find((e) => e.id === entry)!;
      expect(row.approved).toBe(drafted.statusCode === 201);
    }
  });
});
