import { templateMessages as M, type ExecutionResult } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { buildPrecedent } from '../templates/template-fixtures.ts';
import { createTemplate } from '../templates/template-test-helpers.ts';
import { documentText, setUp } from './execution-test-setup.ts';

const textOf = documentText;

// docs/template-language.md: a template in the docxtpl dialect, uploaded and executed through the API.
describeEachDatabase('executing a template in the docxtpl dialect', (h) => {
  async function jinjaTemplate(lines: (tag: (name: string) => string) => string[], signedIn?: { access: string }) {
    const { admin, q, answers } = await setUp(h(), signedIn);
    const file = await buildPrecedent({ title: 'Guarantee', lines: lines(q.tag) });
    const template = await createTemplate(h(), admin.access, file);
    const execute = (data: ReturnType<typeof answers>) =>
      h().request('POST', '/api/execute/', { token: admin.access, body: { templateId: template.id, data } });
    return { admin, q, template, answers, execute };
  }

  it('lists the paths it uses as tags, then fills conditions, filters and answers both ways', async () => {
    const { admin, q, template, answers, execute } = await jinjaTemplate((tag) => [
      `Client: {{ ${tag('client')} | upper }}, {{ ${tag('client')} }}.`,
      `{% if ${tag('guarantee')} %}Guaranteed by {{ ${tag('guarantor')} }}.{% else %}No guarantor.{% endif %}`,
      `{%p if ${tag('law')} == "England" %}`,
      `English law: {{ ${tag('law')} }}`,
      '{%p endif %}',
    ]);
    expect(template.tags).toEqual(['client', 'guarantee', 'guarantor', 'law'].map(q.tag));
    for (const [guarantee, expected, absent] of [
      ['Yes', 'Guaranteed by Jane Doe.', 'No guarantor.'],
      ['No', 'No guarantor.', 'Guaranteed by'],
    ] as const) {
      const res = await execute(answers(guarantee));
      expect(res.statusCode, res.body).toBe(201);
      const file = await h().request('GET', res.json<ExecutionResult>().file_path, { token: admin.access });
      const text = textOf(file.rawPayload);
      expect(text).toContain('Client: ACME LTD, Acme Ltd.');
      expect(text).toContain(expected);
      expect(text).not.toContain(absent);
      expect(text).toContain('English law: the laws of England');
      expect(text).not.toMatch(/\{\{|\{%|%\}|\}\}/);
    }
  });

  it('stops a template that does too much work, with the reason', async () => {
    const { q, answers, execute } = await jinjaTemplate((tag) => [
      `{{ ${tag('client')} }}{% for i in range(9000) %}{% for j in range(9000) %}x{% endfor %}{% endfor %}`,
    ]);
    // The template reads the client's name only: that is the one question asked.
    const client = q.byText('Client name?').question_id;
    const res = await execute(answers('Yes').filter((answer) => answer.question_id === client));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toBe(
      `${M.executeFailed}: The template does too much work (a loop or a macro runs too many times).`,
    );
  });

  it("writes money and dates in the firm's currency: amounts, words and date arithmetic", async () => {
    // Another firm than the other tests' (its currency changes here).
    const other = await h().login(DEMO.otherAdmin);
    const saved = await h().request('PUT', '/api/invoice/settings/', {
      token: other.access,
      body: { default_currency: 'GBP' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { q, answers, execute, admin } = await jinjaTemplate(
      (tag) => [
        `{{ ${tag('client')} }} pays {{ currency(1234.5) }} ({{ currency_words(1234.5) }}).`,
        'Due {{ date_plus("2026-12-05", days=30) }}, {{ days_between("2026-12-05", "2027-01-04") }} days on.',
      ],
      other,
    );
    const client = q.byText('Client name?').question_id;
    const res = await execute(answers('Yes').filter((answer) => answer.question_id === client));
    expect(res.statusCode, res.body).toBe(201);
    const file = await h().request('GET', res.json<ExecutionResult>().file_path, { token: admin.access });
    const text = textOf(file.rawPayload);
    expect(text).toContain('Acme Ltd pays £1,234.50 (one thousand two hundred thirty four pounds and fifty pence).');
    expect(text).toContain('Due 4 January 2027, 30 days on.');
  });
});
