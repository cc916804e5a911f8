import type { ConceptHeadInput, ConceptListCreated } from '@lexdesk/contract';
import { expect } from 'vitest';
import { DEMO, type Harness } from '../../../test/harness.ts';

/** Test helpers of the analyser's API tests. */
let counter = 0;
export const uniqueListName = (prefix = 'List') => `${prefix} ${Date.now().toString(36)}-${(counter += 1)}`;

export const headInput = (head: string, terms = 'alpha | beta', phrases = 'first phrase'): ConceptHeadInput => ({
  head,
  definition: `<p>${head} means something.</p>`,
  terms,
  phrases,
});

export interface Tokens {
  super: string;
  admin: string;
  user: string;
  otherAdmin: string;
}

export async function tokensOf(h: Harness): Promise<Tokens> {
  const [superUser, admin, user, otherAdmin] = await Promise.all(
    [DEMO.super, DEMO.admin, DEMO.user, DEMO.otherAdmin].map(async (email) => (await h.login(email)).access),
  );
  return { super: superUser as string, admin: admin as string, user: user as string, otherAdmin: otherAdmin as string };
}

/** A list created through the API; by default Demo Law's admin's, named on the admin and the demo user. */
export async function createList(
  h: Harness,
  token: string,
  options: {
    name?: string;
    heads?: ConceptHeadInput[];
    organisationIDs?: number[];
    userIDs?: number[];
    assignAll?: boolean;
  } = {},
) {
  const res = await h.request('POST', '/api/concept-list/', {
    token,
    body: {
      name: options.name ?? uniqueListName(),
      organisationIDs: options.organisationIDs ?? [h.ids.demoOrg],
      userIDs: options.userIDs ?? [h.ids.admin, h.ids.user],
      concepts: options.heads ?? [headInput('Governing law'), headInput('Termination')],
      is_assigned_to_all: options.assignAll ?? false,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const ids = res.json<ConceptListCreated>().ids;
  return { listId: ids.concept_list_id, headIds: ids.concept_ids };
}

/** A list of Demo Law's assigned to Other Firm (by the super user, who may choose any organisation). */
export async function sharedList(h: Harness, tokens: Tokens, heads?: ConceptHeadInput[]) {
  return createList(h, tokens.super, {
    organisationIDs: [h.ids.demoOrg, h.ids.otherOrg],
    userIDs: [h.ids.admin, h.ids.user, h.ids.otherAdmin],
    ...(heads ? { heads } : {}),
  });
}
