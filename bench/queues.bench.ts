/**
 * The shared work queues (issue 29 item 5; docs/operations.md, "Shared work queues"): one user must not stall
 * every organisation. The real server (buildApp and listen, as `npm start`, on a fresh SQLite database with the
 * demo seed) answers HTTP; then, in the same run:
 *
 * - another firm's .docx upload (its zip check runs on the parsing threads) alone, then while one plain user of
 *   the first firm keeps 10 comparisons going (10 loops, each sending the next when one is answered);
 * - another firm's playbook PDF export (LibreOffice) alone, then while the first firm's admin keeps 10 PDF
 *   exports of its own playbook going (a plain user may not write playbooks).
 *
 * It prints the medians and their ratio (target: within 2×), and how many of the user's requests were served
 * and refused (429). `BENCH_ROUNDS` (default 5) measurements each; `BENCH_COMPARE_WORDS` (default 60,000) words
 * per compared document.
 */
import { buildDocx } from '../apps/server/src/modules/documents/sample-files.ts';
import { listenLexdesk } from './bench-server.ts';

const DEMO_PASSWORD = 'Demo#2026pass';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WORDS = Number(process.env.BENCH_COMPARE_WORDS ?? 60_000);
const ATTACKER_LOOPS = 10;
/** A refused request is sent again after this long (BENCH_RETRY_MS): a user clicking again, not a script. */
const RETRY_MS = Number(process.env.BENCH_RETRY_MS ?? 1_000);

type Call = (method: string, url: string, body?: unknown) => Promise<Response>;

async function signIn(base: string, email: string): Promise<Call> {
  const res = await fetch(`${base}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEMO_PASSWORD, mode: 'webapp' }),
  });
  const { access } = (await res.json()) as { access: string };
  return (method, url, body) => {
    const headers: Record<string, string> = { authorization: `Bearer ${access}` };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    return fetch(`${base}${url}`, { method, headers, body: payload });
  };
}

async function ok<T>(res: Promise<Response>, what: string): Promise<T> {
  const answer = await res;
  if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

const createCase = (call: Call, title: string) =>
  ok<{ id: number }>(
    call('POST', '/api/case/', {
      title,
      client: '',
      description: '',
      status: 'open',
      parties: [],
      assigned_user_ids: [],
    }),
    'case',
  );

/** A playbook of a few entries, so its PDF has pages to lay out. */
const createPlaybook = (call: Call, name: string) =>
  ok<{ id: number }>(
    call('POST', '/api/playbook/', {
      name,
      playbook_type: 'Non-disclosure agreement',
      description: 'The firm’s positions on confidentiality.',
      entries: Array.from({ length: 8 }, (_, i) => ({
        topic: `Clause ${i + 1}`,
        standard_position: '<p>Mutual obligations only; five years after disclosure.</p>',
      })),
    }),
    'playbook',
  );

function uploadForm(name: string, data: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return form;
}

/**
 * Two versions of a long document: sentences of 12 words, one word in ten changed. A word-level diff of
 * about 2.5 s alone on the two-core machine, as comparing two revisions of a long contract is.
 */
function twoVersions(): [string, string] {
  let state = 7;
  const next = () => (state = (state * 48_271) % 2_147_483_647);
  const left: string[] = [];
  const right: string[] = [];
  for (let i = 0; i < WORDS; i += 1) {
    const word = `w${next() % 5_000}`;
    const end = i % 12 === 11 ? '.\n' : '';
    left.push(word + end);
    right.push((next() % 10 === 0 ? `x${next() % 5_000}` : word) + end);
  }
  return [left.join(' '), right.join(' ')];
}

async function indexed(call: Call, caseId: number, count: number): Promise<number[]> {
  for (;;) {
    const list = await ok<{ data: { id: number; indexing_state: string }[] }>(
      call('GET', `/api/case/${caseId}/documents/?limits=10`),
      'documents',
    );
    if (list.data.length >= count && list.data.every((d) => d.indexing_state === 'indexed'))
      return list.data.map((d) => d.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function timed(action: () => Promise<Response>, what: string): Promise<number> {
  const started = performance.now();
  const res = await action();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${what}: ${res.status}`);
  return performance.now() - started;
}

async function median(rounds: number, action: () => Promise<number>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) times.push(await action());
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

/** `loops` requests kept in flight by one user: each loop sends the next when one is answered. */
function keepBusy(loops: number, send: () => Promise<Response>) {
  let running = true;
  const counts = { served: 0, refused: 0, failed: 0 };
  const loop = async () => {
    while (running) {
      const res = await send();
      await res.arrayBuffer();
      if (res.ok) counts.served += 1;
      else if (res.status === 429) {
        counts.refused += 1;
        // A refused user tries again a little later.
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      } else counts.failed += 1;
    }
  };
  const all = Array.from({ length: loops }, loop);
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(all);
    },
  };
}

async function main() {
  const { url: base, config, dialect, close } = await listenLexdesk();
  try {
    const user = await signIn(base, 'user@example.com');
    const other = await signIn(base, 'admin@other.example.com');

    // The first firm's user: two long documents to compare, and the firm's demo playbook to export.
    const ownCase = await createCase(user, 'Queue bench: comparisons');
    const [leftText, rightText] = twoVersions();
    for (const [name, text] of [
      ['version-1.txt', leftText],
      ['version-2.txt', rightText],
    ] as const)
      await ok(user('POST', `/api/case/${ownCase.id}/documents/`, uploadForm(name, Buffer.from(text))), name);
    const [left, right] = await indexed(user, ownCase.id, 2);
    // A plain user may not write playbooks: the firm's admin makes one and exports it.
    const admin = await signIn(base, 'admin@example.com');
    const ownPlaybook = (await createPlaybook(admin, 'First firm NDA')).id;

    // The other firm: a case to upload a .docx into, and a playbook of its own.
    const otherCase = await createCase(other, 'Queue bench: other firm');
    const docx = await buildDocx('Engagement letter', ['Dear client,', 'Our terms of engagement follow.']);
    const otherPlaybook = await createPlaybook(other, 'Other firm NDA');

    const compare = () => user('POST', '/api/analyser/compare/', { left_document_id: left, right_document_id: right });
    const ownExport = () => admin('POST', `/api/playbook-export/${ownPlaybook}/`, { format: 'pdf' });
    const otherUpload = () =>
      timed(() => other('POST', `/api/case/${otherCase.id}/documents/`, uploadForm('letter.docx', docx)), 'upload');
    const otherExport = () =>
      timed(() => other('POST', `/api/playbook-export/${otherPlaybook.id}/`, { format: 'pdf' }), 'export');

    // Warm-up: the threads started and LibreOffice's first start paid once.
    await timed(compare, 'compare');
    await otherUpload();
    await otherExport();
    const compareAlone = await median(3, () => timed(compare, 'compare'));

    const uploadAlone = await median(ROUNDS, otherUpload);
    const comparing = keepBusy(ATTACKER_LOOPS, compare);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const uploadDuring = await median(ROUNDS, otherUpload);
    await comparing.stop();

    const exportAlone = await median(ROUNDS, otherExport);
    const exporting = keepBusy(ATTACKER_LOOPS, ownExport);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exportDuring = await median(ROUNDS, otherExport);
    await exporting.stop();

    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const row = (what: string, alone: number, during: number) =>
      console.log(`| ${what} | ${ms(alone)} | ${ms(during)} | ${(during / alone).toFixed(2)}× |`);
    console.log(
      `\nShared work queues (${dialect}; PARSE_WORKERS ${config.parse.workers}, PDF_WORKERS ` +
        `${config.pdf.workers}, QUEUE_PER_USER ${config.parse.admission.perUser}; one comparison alone: ` +
        `${ms(compareAlone)}, ${WORDS.toLocaleString('en')} words a side; medians of ${ROUNDS})\n`,
    );
    console.log('| another firm’s | alone | during one user’s 10 | ratio (target ≤ 2×) |');
    console.log('|---|---|---|---|');
    row('.docx upload (10 comparisons)', uploadAlone, uploadDuring);
    row('playbook PDF export (10 PDF exports)', exportAlone, exportDuring);
    const c = comparing.counts;
    const e = exporting.counts;
    console.log(
      `\nThe user's comparisons: ${c.served} served, ${c.refused} refused (429), ${c.failed} failed; ` +
        `PDF exports: ${e.served} served, ${e.refused} refused (429), ${e.failed} failed.`,
    );
  } finally {
    await close();
  }
}

await main();
