import {
  conceptMessages as M,
  type ConceptDocuments,
  type ConceptListDetail,
  type DocumentTypeSaved,
} from '@lexdesk/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';

let n = 0;
const uniqueName = () => `Concept type ${Date.now().toString(36)}-${(n += 1)}`;

describeEachDatabase('document types on the concept list page', (h) => {
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const email of [DEMO.super, DEMO.admin, DEMO.user, DEMO.otherAdmin])
      tokens[email] = (await h().login(email)).access;
  });
  const token = (email: string) => tokens[email] as string;
  const createType = async (email: string) => {
    const res = await h().request('POST', '/api/concept/document-type/', {
      token: token(email),
      body: { type_name: uniqueName(), description: 'A type' },
    });
    return res.json<DocumentTypeSaved>().data;
  };
  const list = async (email: string, query?: Record<string, string>) =>
    (
      await h().request('GET', '/api/concept/documents/', { token: token(email), ...(query ? { query } : {}) })
    ).json<ConceptDocuments>().data;

  it("lists the own organisation's types with its name; the super user's too, never another organisation's", async () => {
    const demo = await createType(DEMO.admin);
    const other = await createType(DEMO.otherAdmin);
    expect(await list(DEMO.user)).toContainEqual({
      id: demo.id,
      type_name: demo.type_name,
      description: 'A type',
      organization_name: 'Demo Law LLP',
      own: true,
    });
    const asOther = await list(DEMO.otherAdmin, { organization_ids: `${h().ids.demoOrg},${h().ids.otherOrg}` });
    expect(asOther.map((row) => row.id)).toContain(other.id);
    expect(asOther.map((row) => row.id)).not.toContain(demo.id);
    // The provider picks organisations to assign lists to; it does not read their document types.
    expect(await list(DEMO.super, { organization_ids: `${h().ids.otherOrg}` })).toEqual([]);
    const asSuper = await list(DEMO.super);
    expect(asSuper.map((row) => row.id)).toContain(demo.id);
    expect(asSuper.map((row) => row.id)).not.toContain(other.id);
    expect((await h().request('GET', '/api/concept/documents/')).statusCode).toBe(401);
  });

  it("deletes the own organisation's type only; a list using it keeps working without a type", async () => {
    const type = await createType(DEMO.admin);
    const created = await h().request('POST', '/api/concept-list/', {
      token: token(DEMO.admin),
      body: {
        name: uniqueName(),
        concept_doc_id: type.id,
        organisationIDs: [h().ids.demoOrg],
        userIDs: [h().ids.admin],
        concepts: [{ head: 'Lease term', terms: 'term' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listId = created.json().ids.concept_list_id as number;
    const url = `/api/concept/documents/delete/${type.id}/`;
    expect((await h().request('DELETE', url, { token: token(DEMO.otherAdmin) })).statusCode).toBe(404);
    const bySuper = await h().request(
      'DELETE',
      `/api/concept/documents/delete/${(await createType(DEMO.otherAdmin)).id}/`,
      {
        token: token(DEMO.super),
      },
    );
    expect(bySuper.statusCode).toBe(404);
    expect((await h().request('DELETE', url)).statusCode).toBe(401);
    const res = await h().request('DELETE', url, { token: token(DEMO.admin) });
    expect(res.json()).toEqual({ detail: M.documentTypeDeleted });
    expect((await h().request('DELETE', url, { token: token(DEMO.admin) })).statusCode).toBe(404);
    const detail = await h().request('GET', '/api/concept-list/create/', {
      token: token(DEMO.admin),
      query: { conceptListID: listId },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ concept_list: ConceptListDetail[] }>().concept_list[0]?.concept_doc).toBeNull();
  });
});
