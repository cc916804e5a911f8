/**
 * Precedents: executing a 50-page precedent with 200 tags, measured in one run on this machine.
 * - Server time of POST execute/ (load the template, compute the answers, fill with rich text on a render
 *   thread, store the document, record the execution) against a bare docxtemplater render of the same file and
 *   data on this thread (compile + render + zip). Target: at most 1.3×.
 * - p99 latency under 20 concurrent executions (the render threads use both cores).
 * - A loop-heavy template in the docxtpl dialect: 100 items of a repeating group, each a table row and a
 *   paragraph, against bare docxtemplater rendering the same rows and paragraphs with its own loops.
 * BENCH_ROUNDS sets the sequential samples (default 30).
 */
import Docxtemplater from 'docxtemplater';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import PizZip from 'pizzip';
import type {
  CategorySaved,
  ExecutionResult,
  QuestionnaireSaved,
  QuestionView,
  TemplateSaved,
} from '@lexdesk/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/demo.seed.ts';

/** Pinned for the benchmark's own sign-in (the seed has no password of its own). */
const DEMO_PASSWORD = 'Demo#2026pass';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import {
  repeatingGroup,
  shortAnswer,
  yesNo,
} from '../apps/server/src/modules/questionnaires/questionnaire-fixtures.ts';
import { buildPrecedent, type Line } from '../apps/server/src/modules/templates/template-fixtures.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PAGES = 50;
const TAGS = 200;
const CONCURRENCY = 20;
const WARM_UP = 20;
const tagOf = (i: number) => `tag_${String(i).padStart(3, '0')}`;
const FILLER =
  'The parties agree that the provisions of this clause apply to every obligation under this agreement, ' +
  'including those arising before the effective date, and that no waiver is effective unless in writing.';

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}
const median = (values: number[]) => quantile(values, 0.5);

/** 50 pages of clauses, 4 tags a page (200 in all), a few split over Word runs. */
function precedent(): Promise<Buffer> {
  const lines: Line[] = [];
  for (let page = 0; page < PAGES; page += 1) {
    lines.push({ runs: [{ text: `Clause ${page + 1}`, bold: true }], numbered: true, pageBreakBefore: page > 0 });
    for (let k = 0; k < 4; k += 1) {
      const i = page * 4 + k + 1;
      lines.push(
        k % 2 === 0
          ? `{{ ${tagOf(i)} }}`
          : { runs: [{ text: `Party details: {{ ${tagOf(i).slice(0, 5)}` }, { text: `${tagOf(i).slice(5)} }}.` }] },
      );
      for (let f = 0; f < 6; f += 1) lines.push(FILLER);
    }
  }
  return buildPrecedent({ title: 'Benchmark Master Agreement', header: 'Header {{ tag_001 }}', lines });
}

const LOOP_ITEMS = 100;

/** The loop-heavy precedent: each item a table row and a paragraph, in our dialect or in docxtemplater's. */
function loopPrecedent(dialect: 'docxtpl' | 'docxtemplater'): Promise<Buffer> {
  const docxtpl = dialect === 'docxtpl';
  return buildPrecedent({
    title: 'Schedule of Parties',
    lines: docxtpl
      ? ['{%p for p in parties %}', '{{ p.name }}, {{ p.role }}, of {{ p.address }}.', '{%p endfor %}']
      : ['{{#parties}}', '{{name}}, {{role}}, of {{address}}.', '{{/parties}}'],
    table: docxtpl
      ? [
          ['{%tr for p in parties %}', ''],
          ['{{ p.name }}', '{{ p.role }}'],
          ['{%tr endfor %}', ''],
        ]
      : [['{{#parties}}{{name}}', '{{role}}{{/parties}}']],
  });
}

const bareRender = (file: Buffer, data: unknown) => {
  const doc = new Docxtemplater(new PizZip(file), {
    delimiters: { start: '{{', end: '}}' },
    paragraphLoop: true,
    linebreaks: true,
  });
  doc.render(data);
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
};

async function timed(rounds: number, bare: () => unknown, ours: () => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i += 1) {
    bare();
    await ours();
  }
  await Promise.all(Array.from({ length: WARM_UP }, () => ours()));
  const bareTimes: number[] = [];
  const oursTimes: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    let start = performance.now();
    bare();
    bareTimes.push(performance.now() - start);
    start = performance.now();
    await ours();
    oursTimes.push(performance.now() - start);
  }
  return { bareTimes, oursTimes };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexdesk-bench-precedents-'));
  const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
  await migrateToLatest(database.db, database.dialect);
  const config = loadConfig({
    DATA_DIR: dir,
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST_DIR: path.join(dir, 'web'),
  });
  const app = await buildApp({ config, db: database.db, now: () => new Date(), mailer: null });
  await seedDemo(app.ctx);
  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.inject({
      method,
      url,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload !== undefined ? { payload: payload as string } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  const { access } = await call<{ access: string }>('POST', '/api/login/', null, {
    username: 'admin@example.com',
    password: DEMO_PASSWORD,
    mode: 'webapp',
    remember: false,
  });

  // Four categories of 50 questions: Short Answers, and every fifth a Yes/No writing rich text with a list.
  const questions: QuestionView[] = [];
  for (let c = 0; c < 4; c += 1) {
    const category = await call<CategorySaved>('POST', '/api/category/', access, { name: `Bench category ${c + 1}` });
    const form = Array.from({ length: TAGS / 4 }, (_, k) => {
      const i = c * (TAGS / 4) + k + 1;
      return i % 5 === 0
        ? yesNo(`Clause ${i} applies?`, tagOf(i), {
            yesList: [
              {
                yes: `<p>Clause <strong>${i}</strong> applies:</p><ol><li>first duty</li><li>second duty</li></ol>`,
                tag: tagOf(i),
              },
            ],
            noList: [{ no: '<p>Not applicable.</p>', tag: tagOf(i) }],
          })
        : shortAnswer(`Value of ${tagOf(i)}?`, tagOf(i));
    });
    const saved = await call<QuestionnaireSaved>('POST', '/api/questionnaire/', access, {
      form,
      category: category.category_id,
    });
    questions.push(...(await call<QuestionView[]>('GET', `/api/question/get/${saved.id}/`, access)));
  }

  const file = await precedent();
  const upload = (docx: Buffer, name: string) => {
    const boundary = '----lexdeskbench';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.docx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      docx,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return call<TemplateSaved>('POST', '/api/document-template/', access, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
  };
  const { template } = await upload(file, 'Benchmark precedent');
  if (template.tags.length !== TAGS) throw new Error(`expected ${TAGS} tags, found ${template.tags.length}`);

  const answers = questions.map((q) =>
    q.question_type === 'Yes/No'
      ? { question_id: q.question_id, selected: 'Yes', options: [], short: '' }
      : { question_id: q.question_id, selected: null, options: [], short: `Answer for ${q.associated_tag}` },
  );
  // The bare baseline fills the same tags with the same words (it cannot write lists: plain text).
  const data: Record<string, string> = {};
  for (const q of questions) {
    data[q.tagList[0] ?? ''] =
      q.question_type === 'Yes/No' ? `Clause applies: first duty, second duty` : `Answer for ${q.associated_tag}`;
  }
  const execute = () =>
    call<ExecutionResult>('POST', '/api/execute/', access, { templateId: template.id, data: answers });
  const { bareTimes, oursTimes } = await timed(ROUNDS, () => bareRender(file, data), execute);

  const concurrent: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const start = performance.now();
        await execute();
        concurrent.push(performance.now() - start);
      }),
    );
  }

  // The loop-heavy precedent: a repeating group of 100 parties.
  const loopCategory = await call<CategorySaved>('POST', '/api/category/', access, { name: 'Bench parties' });
  const loopForm = await call<QuestionnaireSaved>('POST', '/api/questionnaire/', access, {
    form: [
      repeatingGroup('The parties?', 'parties', [
        ['Name', 'name'],
        ['Role', 'role'],
        ['Address', 'address'],
      ]),
    ],
    category: loopCategory.category_id,
  });
  const [group] = await call<QuestionView[]>('GET', `/api/question/get/${loopForm.id}/`, access);
  const parties = Array.from({ length: LOOP_ITEMS }, (_, i) => ({
    name: `Party ${i + 1} Holdings Limited`,
    role: i % 2 ? 'Guarantor' : 'Borrower',
    address: `${i + 1} High Street, London`,
  }));
  const loopFile = await loopPrecedent('docxtpl');
  const loopTemplate = (await upload(loopFile, 'Loop benchmark')).template;
  const bareLoopFile = await loopPrecedent('docxtemplater');
  const loop = await timed(
    ROUNDS,
    () => bareRender(bareLoopFile, { parties }),
    () =>
      call<ExecutionResult>('POST', '/api/execute/', access, {
        templateId: loopTemplate.id,
        data: [{ question_id: group?.question_id, items: parties }],
      }),
  );

  const bareMedian = median(bareTimes);
  const oursMedian = median(oursTimes);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`Precedent: ${PAGES} pages, ${TAGS} tags (${file.length} bytes); ${ROUNDS} sequential rounds`);
  console.log(`bare docxtemplater render  median ${ms(bareMedian)}  p99 ${ms(quantile(bareTimes, 0.99))}`);
  console.log(`POST execute/ (server)     median ${ms(oursMedian)}  p99 ${ms(quantile(oursTimes, 0.99))}`);
  console.log(`ratio server / bare (median): ${(oursMedian / bareMedian).toFixed(2)}x  (target <= 1.3x)`);
  console.log(
    `${CONCURRENCY} concurrent executions x 5: median ${ms(median(concurrent))}  p99 ${ms(quantile(concurrent, 0.99))}  ` +
      `(p99 / bare median ${(quantile(concurrent, 0.99) / bareMedian).toFixed(1)}x)`,
  );
  const loopBare = median(loop.bareTimes);
  const loopOurs = median(loop.oursTimes);
  console.log(`Loop-heavy precedent: ${LOOP_ITEMS} items of a repeating group, a table row and a paragraph each`);
  console.log(`bare docxtemplater loops   median ${ms(loopBare)}  p99 ${ms(quantile(loop.bareTimes, 0.99))}`);
  console.log(`POST execute/ (server)     median ${ms(loopOurs)}  p99 ${ms(quantile(loop.oursTimes, 0.99))}`);
  console.log(`ratio server / bare (median): ${(loopOurs / loopBare).toFixed(2)}x`);
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

await main();
