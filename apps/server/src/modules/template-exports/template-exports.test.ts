import {
  templateMessages as M,
  type PackageHistoryResponse,
  type PackageSaved,
  type TemplateListResponse,
  type TemplateDetail,
  type QuestionView,
} from '@lexdesk/contract';
import PizZip from 'pizzip';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase, type Harness } from '../../../test/harness.ts';
import { withLyingSizes } from '../../platform/extraction/zip-test-files.ts';
import { multipleChoice } from '../questionnaires/questionnaire-fixtures.ts';
import { createQuestionnaire, createTemplate, precedentFor, unique } from '../templates/template-test-helpers.ts';

function importBody(organisationId: string, file: Buffer | null) {
  const boundary = `----lexdesk${unique('i')}`;
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="organisation_id"\r\n\r\n${organisationId}\r\n`),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="package.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function exported(h: Harness) {
  const { access } = await h.login(DEMO.super);
  const q = await createQuestionnaire(h, access);
  const template = await createTemplate(h, access, await precedentFor(q.tag), unique('Portable'));
  const res = await h.request('POST', `/api/template-export/template/${template.id}/`, { token: access });
  expect(res.statusCode, res.body).toBe(201);
  return { access, q, template, saved: res.json<PackageSaved>() };
}

describeEachDatabase('template exports', (h) => {
  it('exports a template with its questionnaires and imports it into another organisation', async () => {
    const { access, q, template, saved } = await exported(h());
    expect(saved.detail).toBe(M.exported);
    expect(saved.summary).toBe('1 template(s), 1 questionnaire(s), 4 question(s)');
    const zip = await h().request('GET', saved.file_path, { token: access });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toContain('zip');

    const imported = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody(String(h().ids.otherOrg), zip.rawPayload),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json<PackageSaved>().detail).toBe(M.imported);

    const other = await h().login(DEMO.otherAdmin);
    const list = (
      await h().request('GET', '/api/document-template/', { token: other.access, query: { search_key: template.name } })
    ).json<TemplateListResponse>();
    expect(list.data).toHaveLength(1);
    const detail = (
      await h().request('GET', `/api/document-template/${list.data[0]?.id}/`, { token: other.access })
    ).json<TemplateDetail>();
    expect(detail.categories.map((c) => c.name)).toEqual([`Category ${q.prefix}`]);
    expect(detail.matching.document_only).toEqual([q.tag('nobody')]);
    expect(detail.matching.matched.find((m) => m.tag === q.tag('guarantor'))?.questions[0]?.question_text).toBe(
      'Guarantor name?',
    );

    // Importing again renames the category instead of failing.
    const again = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody(String(h().ids.otherOrg), zip.rawPayload),
    });
    expect(again.statusCode, again.body).toBe(201);

    const history = (
      await h().request('GET', '/api/template-export/history/', { token: access, query: { limits: 200 } })
    ).json<PackageHistoryResponse>();
    const kinds = history.data
      .filter((r) => r.name === `${template.name}.zip` || r.name === 'package.zip')
      .map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['export', 'import']));
    expect(history.data.find((r) => r.kind === 'import')?.target_organisation).toBe('Other Firm');
  });

  it('carries the Multiple Choice answer mode through export and import; older packages import as several', async () => {
    const { access } = await h().login(DEMO.super);
    const name = unique('Modes');
    const category = await h().request('POST', '/api/category/', { token: access, body: { name } });
    const options = [
      { option: 'March', tag: 'completion' },
      { option: 'June', tag: 'completion' },
    ];
    const saved = await h().request('POST', '/api/questionnaire/', {
      token: access,
      body: {
        category: category.json().category_id,
        form: [multipleChoice('One?', options), multipleChoice('Several?', options, { multiple_answers: true })],
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await h().request('POST', '/api/template-export/questionnaires/', {
      token: access,
      body: { category_ids: [category.json().category_id] },
    });
    const zip = (await h().request('GET', res.json<PackageSaved>().file_path, { token: access })).rawPayload;
    // The same package as exported before the answer mode existed.
    const old = new PizZip(zip);
    const manifest = JSON.parse(old.file('manifest.json')?.asText() ?? '{}');
    for (const q of manifest.questionnaires[0].form) delete q.multiple_answers;
    old.file('manifest.json', JSON.stringify(manifest));
    const oldZip = old.generate({ type: 'nodebuffer' }) as Buffer;

    const other = await h().login(DEMO.otherAdmin);
    const modesOf = async (file: Buffer) => {
      const imported = await h().request('POST', '/api/template-export/import/', {
        token: access,
        ...importBody(String(h().ids.otherOrg), file),
      });
      expect(imported.statusCode, imported.body).toBe(201);
      const categories = (await h().request('GET', '/api/category/', { token: other.access })).json<{
        data: { category_id: number; category_name: string }[];
      }>();
      const newest = categories.data
        .filter((c) => c.category_name.startsWith(name))
        .sort((a, b) => b.category_id - a.category_id)[0];
      const questions = await h().request('GET', `/api/category/question/${newest?.category_id}/`, {
        token: other.access,
      });
      return questions.json<{ data: QuestionView[] }>().data.map((q) => [q.question_text, q.multiple_answers]);
    };
    expect(await modesOf(zip)).toEqual([
      ['One?', false],
      ['Several?', true],
    ]);
    expect(await modesOf(oldZip)).toEqual([
      ['One?', true],
      ['Several?', true],
    ]);
  });

  it('exports questionnaires alone, with every validation message', async () => {
    const { access } = await h().login(DEMO.super);
    const q = await createQuestionnaire(h(), access);
    const res = await h().request('POST', '/api/template-export/questionnaires/', {
      token: access,
      body: { category_ids: [q.categoryId] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PackageSaved>().summary).toBe('0 template(s), 1 questionnaire(s), 4 question(s)');
    const none = await h().request('POST', '/api/template-export/questionnaires/', {
      token: access,
      body: { category_ids: [] },
    });
    expect(none.json().detail).toBe(M.chooseCategories);
    const noOrg = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody('', Buffer.from('x')),
    });
    expect(noOrg.json().detail).toBe(M.chooseOrganisation);
    const unknownOrg = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody('99999999', Buffer.from('x')),
    });
    expect(unknownOrg.json().detail).toBe(M.chooseOrganisation);
    const notPackage = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody(String(h().ids.otherOrg), Buffer.from('not a zip')),
    });
    expect(notPackage.statusCode).toBe(400);
    expect(notPackage.json().detail).toBe(M.packageInvalid);
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    zip.file('manifest.json', '{}');
    zip.file('templates/1.docx', Buffer.alloc(64 * 1024 * 1024, 0));
    const packed = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const bomb = await h().request('POST', '/api/template-export/import/', {
      token: access,
      ...importBody(String(h().ids.otherOrg), withLyingSizes(packed)),
    });
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().detail).toBe(M.packageTooLarge);
  });

  it('is for super only (403), needs a token (401), and answers 404 for another organisation', async () => {
    const { template, saved } = await exported(h());
    for (const email of [DEMO.admin, DEMO.user, DEMO.otherAdmin]) {
      const { access } = await h().login(email);
      expect(
        (await h().request('POST', `/api/template-export/template/${template.id}/`, { token: access })).statusCode,
      ).toBe(403);
      expect((await h().request('GET', '/api/template-export/history/', { token: access })).statusCode).toBe(403);
    }
    expect((await h().request('GET', '/api/template-export/history/')).statusCode).toBe(401);
    expect((await h().request('POST', '/api/template-export/import/')).statusCode).toBe(401);
    const otherSuper = await h().freshSession('super', h().ids.otherOrg);
    expect(
      (await h().request('POST', `/api/template-export/template/${template.id}/`, { token: otherSuper.token }))
        .statusCode,
    ).toBe(404);
    expect((await h().request('GET', saved.file_path, { token: otherSuper.token })).statusCode).toBe(404);
  });
});
