import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPrecedent } from '../../template-fixtures.ts';
import { openTemplateZip, writeTemplateZip } from '../docx-zip.ts';
import { partText } from '../template-syntax.ts';
import { TemplateRunError } from './guarded-interpreter.ts';
import type { TemplateAnswer } from './jinja-context.ts';
import { JinjaSyntaxError, parseJinjaTemplate, renderJinjaTemplate } from './jinja-engine.ts';

const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../../../../../../../shared/data/docx-templates');
/** Without ../shared (a plain clone) the real templates' test skips with a notice; .ci/run requires them. */
const HAS_TEMPLATES = existsSync(TEMPLATES_DIR) || Boolean(process.env.REQUIRE_SHARED_DATA);
if (!HAS_TEMPLATES)
  console.warn('jinja-engine.test: ../shared/data/docx-templates is missing; the real templates are skipped.');

const library = { currency: 'GBP', today: new Date('2026-12-05T12:00:00Z'), timeZone: 'UTC', locale: 'en-GB' };

const text = (value: string): TemplateAnswer => ({
  path: '',
  said: [value],
  truthy: value !== '',
  written: { text: value },
});
const answer = (path: string, value: string, truthy = value !== ''): TemplateAnswer => ({
  ...text(value),
  path,
  truthy,
});
const choices = (path: string, options: string[]): TemplateAnswer => ({
  path,
  said: options,
  truthy: options.length > 0,
  written: { text: options.join(', ') },
});

async function fill(lines: string[], answers: TemplateAnswer[], table?: [string, string][]): Promise<string> {
  const file = await buildPrecedent({ title: 'T', lines, ...(table ? { table } : {}) });
  const zip = renderJinjaTemplate(parseJinjaTemplate(openTemplateZip(file)), { answers, library, includes: new Map() });
  const out = openTemplateZip(writeTemplateZip(zip));
  return partText(out.file('word/document.xml')?.asText() ?? '');
}

describe('the docxtpl dialect, construct by construct (generated fixtures)', () => {
  it('fills variables, attribute paths and escapes what an answer says', async () => {
    const result = await fill(
      ['Dear {{ client }} of {{ client.town }},'],
      [answer('client', 'A & B <Ltd>'), answer('client.town', 'Leeds')],
    );
    expect(result).toContain('Dear A &amp; B &lt;Ltd&gt; of Leeds,');
  });

  it('follows conditions both ways, with elif, else and comparisons', async () => {
    const lines = [
      '{%p if kind == "lease" %}',
      'A lease.',
      '{%p elif kind == "sale" %}',
      'A sale.',
      '{%p else %}',
      'Other.',
      '{%p endif %}',
    ];
    expect(await fill(lines, [answer('kind', 'lease')])).toContain('A lease.');
    const sale = await fill(lines, [answer('kind', 'sale')]);
    expect(sale).toContain('A sale.');
    expect(sale).not.toContain('A lease.');
    expect(await fill(lines, [])).toContain('Other.');
  });

  it('reads a Yes/No answer as true or false', async () => {
    const lines = ['{% if guarantor %}With a guarantor.{% else %}No guarantor.{% endif %}'];
    expect(await fill(lines, [answer('guarantor', 'No', false)])).toContain('No guarantor.');
    expect(await fill(lines, [answer('guarantor', 'Yes', true)])).toContain('With a guarantor.');
  });

  it('repeats paragraphs and table rows over a loop, with loop.index, in order', async () => {
    const result = await fill(
      ['{%p for p in parties %}', '{{ loop.index }}. {{ p }}{% if loop.last %}.{% endif %}', '{%p endfor %}'],
      [choices('parties', ['Alpha', 'Beta', 'Gamma'])],
    );
    expect(result).toMatch(/1\. Alpha\n2\. Beta\n3\. Gamma\./);
    const rows = await fill(
      ['Fees:'],
      [choices('items', ['Rent', 'Service'])],
      [
        ['{%tr for i in items %}', ''],
        ['{{ i }}', '{{ loop.index }}'],
        ['{%tr endfor %}', ''],
      ],
    );
    expect(rows).toMatch(/Rent\n1\nService\n2/);
    expect(rows).not.toMatch(/\{%|%\}|\{\{|\}\}/);
  });

  it('reads a repeating group as a list of items with fields, and as a dictionary by first field', async () => {
    const fruit: TemplateAnswer = {
      path: 'seeds_of_fruit',
      said: ['Apple', 'Kiwi', 'Plum'],
      truthy: true,
      written: { text: 'Apple, Kiwi, Plum' },
      group: {
        fields: ['name', 'seeds'],
        items: [
          ['Apple', '10'],
          ['Kiwi', '1000'],
          ['Plum', '1'],
        ],
      },
    };
    const listed = await fill(
      [
        '{%p for f in seeds_of_fruit %}',
        '{{ loop.index }}. {{ f }} has {{ f.seeds }} ({{ seeds_of_fruit[f] }}, {{ seeds_of_fruit[f.name] }})',
        '{%p endfor %}',
        'First: {{ seeds_of_fruit[0].name }}; count {{ seeds_of_fruit|length }}; all: {{ seeds_of_fruit }}.',
        '{% if seeds_of_fruit %}Some fruit.{% endif %} Total {{ seeds_of_fruit.values()|sum }}.',
      ],
      [fruit],
    );
    expect(listed).toMatch(/1\. Apple has 10 \(10, 10\)\n2\. Kiwi has 1000 \(1000, 1000\)\n3\. Plum has 1 \(1, 1\)/);
    expect(listed).toContain('First: Apple; count 3; all: Apple, Kiwi, Plum.');
    expect(listed).toContain('Some fruit. Total 1011.');
    const none = await fill(
      ['{% if seeds_of_fruit %}Some.{% else %}None.{% endif %}'],
      [{ ...fruit, said: [], truthy: false, group: { fields: ['name', 'seeds'], items: [] } }],
    );
    expect(none).toContain('None.');
  });

  it('keeps comments out, supports set, macros, filters and inline conditionals', async () => {
    const result = await fill(
      [
        '{# a note to the author #}{% set who = name | upper %}{% macro sign(n) %}Signed: {{ n }}{% endmacro %}',
        '{{ who }} / {{ sign(name) }} / {{ "many" if count > 1 else "one" }}',
      ],
      [answer('name', 'Ada'), answer('count', '3')],
    );
    expect(result).toContain('ADA / Signed: Ada / many');
    expect(result).not.toContain('a note');
  });

  it('reads smart quotes Word typed inside tags as plain quotes', async () => {
    expect(await fill(['{% if x == ‘a’ %}yes{% endif %}'], [answer('x', 'a')])).toContain('yes');
  });

  it('lists what the template needs, in document order, without its own names', async () => {
    const file = await buildPrecedent({
      title: 'T',
      lines: [
        '{{ client }} {% for w in witnesses %}{{ w.name }}{% endfor %} {{ adverse.address_block() }} {{ today() }}',
      ],
    });
    const { uses } = parseJinjaTemplate(openTemplateZip(file)).uses;
    expect(uses).toEqual([
      { path: 'client', kind: 'value' },
      { path: 'witnesses', kind: 'loop' },
      { path: 'witnesses[].name', kind: 'value' },
      { path: 'adverse.address_block', kind: 'call' },
    ]);
  });

  it('refuses broken syntax with the part named', async () => {
    const file = await buildPrecedent({ title: 'T', lines: ['{% if x %}never closed'] });
    const error = (() => {
      try {
        parseJinjaTemplate(openTemplateZip(file));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(JinjaSyntaxError);
    expect((error as JinjaSyntaxError).problems[0]).toMatch(/^In the main text: /);
  });
});

describe('hostile templates are refused or stopped within limits, never run code', () => {
  const hostile = [
    '{{ x.__class__ }}{{ x.constructor }}{{ "".constructor.constructor("return process")() }}',
    '{{ x.__proto__.polluted }}{% set y = x.__proto__ %}{{ y }}',
    '{% for i in range(100000000) %}x{% endfor %}',
    '{% for i in range(9000) %}{% for j in range(9000) %}x{% endfor %}{% endfor %}',
    '{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}',
    '{% set s = "xxxxxxxxxx" %}{% for i in range(40) %}{% set s = s ~ s %}{% endfor %}{{ s }}',
  ];

  it.each(hostile)('%s', async (line) => {
    const marker = Object.prototype as { polluted?: unknown };
    let outcome = '';
    try {
      outcome = await fill([line], [answer('x', 'value')]);
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateRunError);
      return;
    }
    expect(outcome).not.toMatch(/process|function|\[object/i);
    expect(marker.polluted).toBeUndefined();
  });

  it('fuzz: any expression in a tag is refused or filled, never anything else', async () => {
    const file = await buildPrecedent({ title: 'T', lines: ['PLACE'] });
    const xml = openTemplateZip(file).file('word/document.xml')?.asText() ?? '';
    const token = fc.constantFrom(
      'x',
      '.',
      '(',
      ')',
      '[',
      ']',
      '__proto__',
      'constructor',
      '"a"',
      '1',
      '+',
      '~',
      '|',
      'upper',
      'range',
      ',',
      'for',
      'in',
      'if',
      ' ',
      '*',
      '**',
      '9',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(token, { maxLength: 12 }), fc.boolean(), async (tokens, block) => {
        const body = tokens.join('');
        const tag = block ? `{% if ${body} %}y{% endif %}` : `{{ ${body} }}`;
        const zip = openTemplateZip(file);
        zip.file('word/document.xml', xml.replace('PLACE', tag.replace(/&/g, '&amp;').replace(/</g, '&lt;')));
        try {
          const parsed = parseJinjaTemplate(zip);
          renderJinjaTemplate(parsed, { answers: [answer('x', 'v')], library, includes: new Map() });
        } catch (error) {
          if (!(error instanceof JinjaSyntaxError || error instanceof TemplateRunError)) throw error;
        }
        expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

describe.skipIf(!HAS_TEMPLATES)('the 45 real templates of ../shared/data/docx-templates', () => {
  it('fill with every tag answered and no template syntax left, except the documented refusals', () => {
    const names = readdirSync(TEMPLATES_DIR)
      .filter((name) => name.endsWith('.docx'))
      .sort();
    expect(names).toHaveLength(45);
    const filled: string[] = [];
    const refused: string[] = [];
    for (const name of names) {
      const parsed = parseJinjaTemplate(openTemplateZip(readFileSync(path.join(TEMPLATES_DIR, name))));
      // What the template prints as it is gets a recognisable text; what it computes with, a number.
      const source = partText(
        openTemplateZip(readFileSync(path.join(TEMPLATES_DIR, name)))
          .file('word/document.xml')
          ?.asText() ?? '',
      );
      const printed = (use: { path: string }) => source.includes(`{{ ${use.path} }}`);
      const answers = parsed.uses.uses
        .filter((use) => !use.path.includes('[]'))
        .map((use) =>
          use.kind === 'loop'
            ? choices(use.path, ['One', 'Two', 'Three'])
            : answer(use.path, printed(use) ? `[${use.path}]` : '7'),
        );
      const includes = new Map(
        parsed.uses.includes.map((sub) => [
          sub,
          parseJinjaTemplate(openTemplateZip(readFileSync(path.join(TEMPLATES_DIR, sub)))),
        ]),
      );
      try {
        const zip = renderJinjaTemplate(parsed, { answers, library, includes });
        const body = partText(openTemplateZip(writeTemplateZip(zip)).file('word/document.xml')?.asText() ?? '');
        expect(body, name).not.toMatch(/\{\{|\{%|%\}|\}\}/);
        // Every variable the template prints as it is ({{ name }}) holds its answer.
        const source = partText(
          openTemplateZip(readFileSync(path.join(TEMPLATES_DIR, name)))
            .file('word/document.xml')
            ?.asText() ?? '',
        );
        for (const use of parsed.uses.uses) {
          if (source.includes(`{{ ${use.path} }}`)) expect(body, `${name}: ${use.path}`).toContain(`[${use.path}]`);
        }
        filled.push(name);
      } catch (error) {
        expect(error, name).toBeInstanceOf(TemplateRunError);
        refused.push(name);
      }
    }
    console.warn(`real templates: ${filled.length} filled, refused: ${refused.join(', ') || 'none'}`);
    expect(filled.length).toBeGreaterThanOrEqual(40);
  });
});
