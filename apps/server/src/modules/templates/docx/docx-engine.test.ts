import PizZip from 'pizzip';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPrecedent } from '../template-fixtures.ts';
import {
  CompiledTemplate,
  inspectTemplate,
  PreparedTemplate,
  renderTemplate,
  TemplateSyntaxError,
} from './docx-engine.ts';
import { pdfTextOf } from './libreoffice.ts';
import { partText } from './template-syntax.ts';

/** The real-world templates (read at run time, never copied into the repository). */
const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../../../../../../shared/data/docx-templates');
/** Without ../shared (a plain clone) the tests of the real templates skip with a notice; .ci/run requires them. */
const HAS_TEMPLATES = existsSync(TEMPLATES_DIR) || Boolean(process.env.REQUIRE_SHARED_DATA);
if (!HAS_TEMPLATES) console.warn(`Skipping the real-template tests: ${TEMPLATES_DIR} is absent`);

const xmlOf = (docx: Buffer, part = 'word/document.xml') => new PizZip(docx).file(part)?.asText() ?? '';
/** Every XML part of a .docx, by name: two fills are the same document when these are equal. */
const xmlParts = (docx: Buffer) => {
  const zip = new PizZip(docx);
  return Object.fromEntries(
    Object.keys(zip.files)
      .filter((name) => /\.(xml|rels)$/.test(name))
      .sort()
      .map((name) => [name, zip.file(name)?.asText() ?? '']),
  );
};
const textOf = (docx: Buffer) =>
  partText(xmlOf(docx))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function problemsOf(buffer: Buffer): string[] {
  try {
    inspectTemplate(buffer);
    return [];
  } catch (error) {
    if (error instanceof TemplateSyntaxError) return error.problems;
    throw error;
  }
}

describe.skipIf(!HAS_TEMPLATES)('docx engine: the 45 real templates', () => {
  const files = existsSync(TEMPLATES_DIR) ? readdirSync(TEMPLATES_DIR).filter((f) => f.endsWith('.docx')) : [];

  it('finds the template folder', () => {
    expect(files.length).toBe(45);
  });

  it.each(files)('%s uploads without a crash: filled correctly, or a clear message naming the place', (file) => {
    const buffer = readFileSync(path.join(TEMPLATES_DIR, file));
    const problems = problemsOf(buffer);
    if (problems.length > 0) {
      for (const problem of problems)
        expect(problem).toMatch(/^(In (the main text|header|footer|the footnotes|the endnotes)|…and \d+ more)/);
      expect(() => renderTemplate(buffer, {})).toThrow(TemplateSyntaxError);
      return;
    }
    const { tags } = inspectTemplate(buffer);
    const values = Object.fromEntries(tags.map((tag, i) => [tag, { text: `Value${i}X` }]));
    const output = renderTemplate(buffer, values);
    const text = textOf(output);
    tags.forEach((_, i) => expect(text).toContain(`Value${i}X`));
    expect(text).not.toMatch(/\{\{[^}]*\}\}/);
    // Compiled once and filled again, with other answers and then none, each fill is a fresh one's.
    const compiled = new CompiledTemplate(new PreparedTemplate(buffer));
    const others = Object.fromEntries(tags.map((tag) => [tag, { html: '<ol><li>One</li><li>Two</li></ol>' }]));
    for (const round of [values, others, {}, values]) {
      expect(xmlParts(compiled.render(round))).toEqual(xmlParts(renderTemplate(buffer, round)));
    }
  });

  it('names jinja syntax, expressions and single braces as such', () => {
    const read = (name: string) => readFileSync(path.join(TEMPLATES_DIR, name));
    expect(problemsOf(read('docx-jinja2-demo.docx'))[0]).toContain('{% … %}');
    expect(problemsOf(read('declaration_certificate_service.docx'))[0]).toContain('{{ today() }} is an expression');
    expect(problemsOf(read('Legal-Template.docx'))[0]).toContain('single braces');
    expect(problemsOf(read('life_story.docx'))[0]).toContain('Write {{ life_story }}');
  });
});

describe('docx engine: filling', () => {
  const precedent = () =>
    buildPrecedent({
      title: 'Services Agreement',
      header: 'Header for {{ client_name }}',
      footer: 'Footer ref {{ matter_reference }}',
      lines: [
        // A placeholder split over three Word runs, as Word saves a tag typed with a correction.
        { runs: [{ text: 'This agreement is made with {{ cli' }, { text: 'ent_', bold: true }, { text: 'name }}.' }] },
        '{{ clauses }}',
        'Payment: {{ payment_terms }} as agreed.',
        { runs: [{ text: 'First numbered clause of the precedent.' }], numbered: true },
        { runs: [{ text: 'Second numbered clause of the precedent.' }], numbered: true },
        '{{#has_guarantor}}The guarantor is {{ guarantor_name }}.{{/has_guarantor}}',
        '{{^has_guarantor}}There is no guarantor.{{/has_guarantor}}',
      ],
      table: [
        ['Client', '{{ client_name }}'],
        ['Notes', '{{ notes }}'],
      ],
    });

  it('lists the tags of the body, header, footer and table, with split runs found', async () => {
    const { tags } = inspectTemplate(await precedent());
    expect(tags).toEqual(
      expect.arrayContaining([
        'client_name',
        'matter_reference',
        'clauses',
        'payment_terms',
        'has_guarantor',
        'guarantor_name',
        'notes',
      ]),
    );
  });

  it('turns rich text into Word paragraphs, runs and restarting numbered and bulleted lists', async () => {
    const output = renderTemplate(await precedent(), {
      client_name: { text: 'Acme & Sons <Ltd>' },
      matter_reference: { text: 'M-42' },
      clauses: {
        html: '<p>The <strong>Supplier</strong> shall <em>perform</em> the <u>Services</u>.</p><ol><li>First duty</li><li>Second duty<ol><li>Nested duty</li></ol></li></ol><ul><li>Bullet one</li><li>Bullet two</li></ul><p>Closing words.</p>',
      },
      payment_terms: { html: '<p>within <strong>30 days</strong></p>' },
      has_guarantor: { text: 'yes' },
      guarantor_name: { text: 'Jane Guarantor' },
      notes: { html: '<p>Note one</p><p>Note two</p>' },
    });
    const xml = xmlOf(output);
    expect(xml).toContain('Acme &amp; Sons &lt;Ltd&gt;');
    expect(xml).toMatch(/<w:r><w:rPr><w:b\/><w:bCs\/><\/w:rPr><w:t xml:space="preserve">Supplier<\/w:t><\/w:r>/);
    expect(xml).toMatch(/<w:i\/><w:iCs\/><\/w:rPr><w:t xml:space="preserve">perform/);
    expect(xml).toMatch(/<w:u w:val="single"\/><\/w:rPr><w:t xml:space="preserve">Services/);
    expect(xml).toMatch(/<w:numPr><w:ilvl w:val="1"\/><w:numId w:val="\d+"\/><\/w:numPr>/);
    const numbering = xmlOf(output, 'word/numbering.xml');
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(numbering).toContain('<w:startOverride w:val="1"/>');
    // The precedent's own numbering definitions survive.
    expect(numbering).toContain('%1.');
    const text = textOf(output);
    expect(text).toContain('This agreement is made with Acme & Sons <Ltd>.');
    expect(text).toContain('Payment: within 30 days as agreed.');
    expect(text).toContain('The guarantor is Jane Guarantor.');
    expect(text).not.toContain('There is no guarantor.');
    expect(text).not.toContain('{{');
    expect(xmlOf(output, 'word/header1.xml') + xmlOf(output, 'word/header2.xml')).toContain('Acme &amp; Sons');
  });

  it('renders a prepared version exactly like its file, every time, and checks a broken file every time', async () => {
    const values = {
      client_name: { text: 'Acme & Sons' },
      clauses: { html: '<p>The <strong>Supplier</strong>:</p><ol><li>First duty</li><li>Second duty</li></ol>' },
      payment_terms: { html: '<p>within <strong>30 days</strong></p>' },
      notes: { html: '<ul><li>Note one</li></ul>' },
    };
    const file = await precedent();
    const prepared = new PreparedTemplate(file);
    const parts = (docx: Buffer) => ['word/document.xml', 'word/numbering.xml'].map((part) => xmlOf(docx, part));
    const expected = parts(renderTemplate(file, values));
    for (let round = 0; round < 3; round += 1) expect(parts(renderTemplate(prepared, values))).toEqual(expected);
    expect(prepared.checked).toBe(true);
    // A shared conversion cannot be changed by a render.
    expect(() => {
      (prepared.blocksOf(values.clauses.html)[0]?.runs as { text: string }[])[0]!.text = 'changed';
    }).toThrow(TypeError);

    const broken = new PreparedTemplate(await buildPrecedent({ title: 'Broken', lines: ['{% if x %}Hi{% endif %}'] }));
    for (let round = 0; round < 2; round += 1) expect(() => renderTemplate(broken, {})).toThrow(/\{% … %\}/);
    expect(broken.checked).toBe(false);
  });

  it('fills a compiled version from the same start every time: no answer or list of one fill reaches the next', async () => {
    const file = await precedent();
    const full = {
      client_name: { text: 'Acme & Sons' },
      clauses: { html: '<ol><li>First duty</li><li>Second duty</li></ol><ul><li>Bullet</li></ul>' },
      has_guarantor: { text: 'yes' },
      guarantor_name: { text: 'Jane Guarantor' },
    };
    const other = { client_name: { text: 'Other Client' }, notes: { html: '<ol><li>Only note</li></ol>' } };
    const compiled = new CompiledTemplate(new PreparedTemplate(file));
    for (const values of [full, other, {}, full, full]) {
      const output = compiled.render(values);
      expect(xmlParts(output)).toEqual(xmlParts(renderTemplate(file, values)));
    }
    const last = textOf(compiled.render(other));
    expect(last).toContain('Other Client');
    expect(last).not.toContain('Acme');
    expect(last).not.toContain('Jane Guarantor');
    expect(compiled.broken).toBe(false);
  });

  it('leaves an unanswered tag empty and keeps a table cell valid', async () => {
    const output = renderTemplate(await precedent(), { client_name: { text: 'Solo' } });
    const text = textOf(output);
    expect(text).toContain('There is no guarantor.');
    expect(text).not.toContain('{{');
    // Every table cell still holds a paragraph.
    for (const cell of xmlOf(output).split('<w:tc>').slice(1)) expect(cell).toContain('<w:p');
  });

  it('refuses a file that is not a .docx with a message, never a crash', () => {
    expect(() => inspectTemplate(Buffer.from('not a zip'))).toThrow(/not a Word document/);
  });

  it('names an unclosed tag and where it is', async () => {
    const broken = await buildPrecedent({ title: 'Broken', lines: ['Dear {{ client_name, welcome.'] });
    const problems = problemsOf(broken);
    expect(problems[0]).toMatch(/^In the main text/);
    expect(problems[0]).toMatch(/client_name/);
  });

  it('produces a document LibreOffice opens, with the answers, header, footer, table and lists', async () => {
    const output = renderTemplate(await precedent(), {
      client_name: { text: 'Acme Holdings' },
      matter_reference: { text: 'REF-777' },
      clauses: {
        html: '<p><strong>Bold clause</strong> text</p><ol><li>Alpha duty</li><li>Beta duty</li></ol><ul><li>Gamma point</li></ul>',
      },
      payment_terms: { text: 'net 14' },
      notes: { html: '<p>Cell note one</p><p>Cell note two</p>' },
    });
    const text = await pdfTextOf(output);
    for (const expected of [
      'Acme Holdings',
      'REF-777',
      'Bold clause',
      'Alpha duty',
      'Beta duty',
      'Gamma point',
      'net 14',
      'Cell note two',
      'First numbered clause',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1\.\s+Alpha duty/);
    expect(text).toMatch(/2\.\s+Beta duty/);
    expect(text).toContain('Header for Acme Holdings');
    expect(text).toContain('Footer ref REF-777');
  }, 120_000);

  it.skipIf(!HAS_TEMPLATES)(
    'fills every plain real template into a file LibreOffice opens',
    async () => {
      const dir = TEMPLATES_DIR;
      for (const file of ['hello_planet.docx', 'letter_template_code.docx', 'docx-template.docx']) {
        const buffer = readFileSync(path.join(dir, file));
        const { tags } = inspectTemplate(buffer);
        const output = renderTemplate(
          buffer,
          Object.fromEntries(tags.map((t) => [t, { html: `<p>Filled <strong>${t}</strong></p>` }])),
        );
        const text = await pdfTextOf(output);
        for (const tag of tags) expect(text).toContain(`Filled ${tag}`);
      }
    },
    240_000,
  );
});

describe('text around a placeholder', () => {
  it('keeps the space after a placeholder split over runs, in a text element that did not preserve spaces', async () => {
    const built = await buildPrecedent({
      title: 'Letter',
      lines: [{ runs: [{ text: 'Dear {' }, { text: '{ planet ' }, { text: '}' }, { text: '} residents,' }] }],
    });
    // As Word saved hello_planet.docx: the run that ends the tag has a plain <w:t>.
    const zip = new PizZip(built);
    const xml = zip.file('word/document.xml')?.asText() ?? '';
    zip.file('word/document.xml', xml.replace(/<w:t[^>]*>\} residents,/, '<w:t>} residents,'));
    const template = zip.generate({ type: 'nodebuffer' });
    expect(zip.file('word/document.xml')?.asText()).toContain('<w:t>} residents,');
    const output = new PizZip(renderTemplate(template, { planet: { text: 'Mars' } })).file('word/document.xml');
    expect(output?.asText()).toMatch(/<w:t xml:space="preserve"> residents,<\/w:t>/);
  });
});
