import type { KnowledgeNodeKind } from '@lexdesk/contract';
import { inTransaction, nowIso, type AppContext } from '../../platform/context.ts';
import { sanitizeRichText } from '../../platform/rich-text/editor-html.ts';
import { organisationsService } from '../organisations/index.ts';
import { usersService } from '../users/index.ts';
import { indexArticle } from './knowledge-index.ts';
import { insertNodeWithFirstRevision, replaceLinks, replaceRules, treeRows } from './knowledge.repo.ts';

export const DEMO_KNOWLEDGE_DOMAIN = 'Contract clauses';
export const DEMO_RESTRICTED_CLASS = 'Negotiation notes';
export const DEMO_RESTRICTED_ARTICLE = 'Settlement playbook';

interface SeedArticle {
  title: string;
  keywords: string[];
  body: string;
}

/** The demo knowledge base, in our own words; keywords match the demo concept heads' names and terms. */
const CLASSES: { title: string; articles: SeedArticle[] }[] = [
  {
    title: 'Confidentiality',
    articles: [
      {
        title: 'Confidentiality clauses: what to check',
        keywords: ['Confidentiality', 'confidential', 'confidential information', 'disclose'],
        body: `<p>A confidentiality clause says what each side must keep to itself, for how long, and what it may still disclose.</p>
<ul><li>Is the definition of confidential information limited to what is marked or obviously secret?</li>
<li>Are the usual carve-outs there: publicly available, already known, independently developed, required by law?</li>
<li>Does the duty survive the end of the contract, and for how many years?</li></ul>`,
      },
    ],
  },
  {
    title: 'Limitation of liability',
    articles: [
      {
        title: 'Liability caps',
        keywords: ['Limitation of liability', 'liability', 'cap', 'aggregate liability'],
        body: `<p>A cap limits what one party can recover. We usually tie it to the fees paid in the twelve months before the claim.</p>
<p>Keep uncapped: death or personal injury caused by negligence, fraud, and breach of confidentiality.</p>`,
      },
      {
        title: 'Consequential loss',
        keywords: ['consequential', 'indirect or consequential loss'],
        body: `<p>Excluding "indirect or consequential loss" rarely excludes lost profits by itself. Name the heads of loss you mean to exclude.</p>`,
      },
    ],
  },
  {
    title: 'Termination',
    articles: [
      {
        title: 'Termination for convenience',
        keywords: ['Termination for convenience', 'terminate', 'convenience', 'without cause'],
        body: `<p>A right to end the contract without a breach, on notice. Check the notice period, what is paid on exit, and whether the right is mutual.</p>
<p>See also <a href="/kb/node/0">Liability caps</a> for what survives termination.</p>`,
      },
    ],
  },
  {
    title: 'Governing law',
    articles: [
      {
        title: 'Choosing the governing law',
        keywords: ['Governing law', 'governed', 'jurisdiction', 'exclusive jurisdiction'],
        body: `<p>Say which law governs the contract and any non-contractual claims, and which courts decide disputes.</p>
<p>An exclusive jurisdiction clause binds both sides; a non-exclusive one lets a party sue elsewhere too.</p>`,
      },
    ],
  },
];

const RESTRICTED: SeedArticle = {
  title: DEMO_RESTRICTED_ARTICLE,
  keywords: ['settlement', 'walk-away'],
  body: `<p>Our opening position, the walk-away figure and who approves a settlement. Internal only: the zebracorn figure is never quoted to the other side.</p>`,
};

/** The demo users' knowledge roles: admin and super manage with the flag; the user reads without it. */
export async function seedDemoKnowledgeRoles(ctx: AppContext, emails: { manager: string[]; reader: string[] }) {
  const users = usersService(ctx);
  for (const email of emails.manager) {
    const account = await users.findByEmail(email);
    if (account)
      await users.setKnowledge({ organisationId: account.organisationId, userId: account.id }, 'manager', true);
  }
  for (const email of emails.reader) {
    const account = await users.findByEmail(email);
    if (account)
      await users.setKnowledge({ organisationId: account.organisationId, userId: account.id }, 'reader', false);
  }
}

/**
 * First start: the "Contract clauses" domain of `organisationName` with its classes and articles, and the
 * restricted class "Negotiation notes". Idempotent: nothing is added when the domain exists.
 */
export async function seedDemoKnowledge(ctx: AppContext, organisationName: string, authorEmail: string) {
  const organisationId = await organisationsService(ctx).idByName(organisationName);
  const author = await usersService(ctx).findByEmail(authorEmail);
  if (organisationId === null || !author) return;
  const existing = await treeRows(ctx.db, organisationId);
  if (existing.some((row) => row.organisation_id === organisationId && row.title === DEMO_KNOWLEDGE_DOMAIN)) return;
  await inTransaction(ctx, async (tx) => {
    const now = nowIso(tx);
    const ids = new Map<string, number>();
    const add = async (kind: KnowledgeNodeKind, parentId: number | null, title: string, article?: SeedArticle) => {
      // Links in the demo name articles by title; the ids exist only now.
      const body = article
        ? sanitizeRichText(
            article.body.replace(
              /href="\/kb\/node\/0">([^<]+)</g,
              (_m, name: string) => `href="/kb/node/${ids.get(name) ?? 0}">${name}<`,
            ),
          )
        : null;
      const values = {
        organisation_id: organisationId,
        home_organisation_id: organisationId,
        parent_id: parentId,
        kind,
        title,
        body,
        keywords: JSON.stringify(article?.keywords ?? []),
        revision: 1,
        created_by: author.id,
        updated_by: author.id,
        created_at: now,
        updated_at: now,
      };
      const id = await insertNodeWithFirstRevision(tx.db, values);
      if (article) {
        await indexArticle(tx, { id, ...values, keywords: article.keywords });
        const targets = [...(body ?? '').matchAll(/\/kb\/node\/(\d+)/g)].map((m) => Number(m[1])).filter((t) => t > 0);
        await replaceLinks(tx.db, id, targets);
      }
      ids.set(title, id);
      return id;
    };
    const domain = await add('domain', null, DEMO_KNOWLEDGE_DOMAIN);
    for (const cls of CLASSES) {
      const classId = await add('class', domain, cls.title);
      for (const article of cls.articles) await add('instance', classId, article.title, article);
    }
    const restricted = await add('class', domain, DEMO_RESTRICTED_CLASS);
    await add('instance', restricted, RESTRICTED.title, RESTRICTED);
    await replaceRules(tx.db, organisationId, [{ node_id: restricted, mode: 'restricted' }], author.id, now);
  });
}
