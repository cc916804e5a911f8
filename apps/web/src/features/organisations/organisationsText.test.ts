import { planMessages, sessionMessages } from '@lexdesk/contract';
import { describe, expect, it } from 'vitest';
import { fileNameOf } from '../../api/downloadFile.ts';
import { describeChanges } from '../../ui/changes.ts';
import { expiryText } from './PlanExpiryModal.tsx';
import { planLabel, validityLabel } from './planText.ts';

describe('history lines', () => {
  it('shows a change as from → to and a plain value as itself', () => {
    expect(
      describeChanges({ user_limit: { from: 5, to: 8 }, contact_email: { from: '', to: 'a@b.example' }, name: 'Firm' }),
    ).toEqual(['user limit: 5 → 8', 'contact email: — → a@b.example', 'name: Firm']);
  });

  it('names modules, says Yes/No and reads internal words as words', () => {
    expect(
      describeChanges({
        modules: ['case_permission', 'invoice_permission'],
        knowledge_data_permission: { from: false, to: true },
        case_permission: { from: true, to: false },
        purpose: 'set_password',
        granted: { from: 'knowledge_permission', to: 'knowledge_permission, invoice_permission' },
        email: 'first_last@firm.example',
        user_ids: [],
        range: { start: 1, end: 2 },
      }),
    ).toEqual([
      'modules: Case, Invoice',
      'knowledge data permission: No → Yes',
      'Case: Yes → No',
      'purpose: set password',
      'granted: Knowledge → Knowledge, Invoice',
      'email: first_last@firm.example',
      'user ids: —',
      'range: {"start":1,"end":2}',
    ]);
  });
});

describe('plan texts', () => {
  it('labels plans and validity', () => {
    expect(planLabel('Associate', 6)).toBe('Associate (6 months)');
    expect(planLabel('Trial', 1)).toBe('Trial (1 month)');
    expect(planLabel('Bespoke', null)).toBe('Bespoke');
    expect(validityLabel(null)).toBe('No end date');
    expect(validityLabel(0)).toBe('Expired');
    expect(validityLabel(1)).toBe('1 day left');
  });

  it('tells staff to upgrade and users to ask their admin; an ended plan names the upgrade message', () => {
    expect(expiryText(3, true)).toBe(planMessages.expiresSoon(3));
    expect(expiryText(0, true)).toBe(`${planMessages.expired} ${sessionMessages.upgradeLicence}`);
    expect(expiryText(1, false)).toBe(`Your plan expires in 1 day. ${planMessages.contactAdmin}`);
  });

  it('reads the file name of a download', () => {
    expect(fileNameOf('attachment; filename="usage-3-2026-03-02.xlsx"', 'x')).toBe('usage-3-2026-03-02.xlsx');
    expect(fileNameOf(null, 'download')).toBe('download');
  });
});
