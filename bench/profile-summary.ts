/**
 * Where a profile's time goes: self time by package (node_modules/<name>, our apps/ and packages/ files,
 * Node's internals, GC, idle) and the top functions, as percentages of the busy (non-idle) time.
 *   npx tsx bench/profile-summary.ts <file>.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function bucketOf(url: string, functionName: string): string {
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(garbage collector)') return '(garbage collector)';
  if (functionName === '(program)') return '(program)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules) return modules[1] ?? url;
  const ours = /\/((?:apps|packages)\/[^/]+\/src\/(?:[^/]+\/){0,2})/.exec(url);
  if (ours) return ours[1] ?? url;
  if (url.startsWith('node:') || url === '') return 'node internals';
  return url;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file>.cpuprofile [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map<number, number>();
profile.samples.forEach((id, index) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

const keyOf = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/[^/]+\//, '')}:${lineNumber + 1}`;
};

const buckets = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
for (const [id, time] of selfTime) {
  const { functionName, url } = byId.get(id)!.callFrame;
  const bucket = bucketOf(url, functionName);
  buckets.set(bucket, (buckets.get(bucket) ?? 0) + time);
  if (bucket === '(idle)') continue;
  busy += time;
  const key = keyOf(byId.get(id)!);
  functions.set(key, (functions.get(key) ?? 0) + time);
}

// Inclusive time: each function once per sample, however often it is on the stack.
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map<string, number>();
for (const [id, time] of selfTime) {
  if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
  const seen = new Set<string>();
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node))
    seen.add(keyOf(byId.get(node)!));
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + time);
}

const percent = (time: number) => `${((100 * time) / busy).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(1)} s, idle ${((buckets.get('(idle)') ?? 0) / 1e6).toFixed(1)} s`);
console.log('\nself time by package:');
for (const [bucket, time] of [...buckets].sort((a, b) => b[1] - a[1]).filter(([name]) => name !== '(idle)'))
  if (time / busy >= 0.003) console.log(`${percent(time)}  ${bucket}`);
console.log('\ntop functions (self):');
for (const [key, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 25)))
  console.log(`${percent(time)}  ${key}`);
console.log('\ntop functions (inclusive), ours and the hooks only:');
for (const [key, time] of [...inclusive]
  .filter(([key]) => /apps\/|packages\/|hook|serial|onRequest|onSend|preHandler|handler/i.test(key))
  .sort((a, b) => b[1] - a[1])
  .slice(0, Number(topArg ?? 25) * 2))
  console.log(`${percent(time)}  ${key}`);
