import { documentTypeMessages as M, type DocumentTypeList, type DocumentTypeSaved } from '@lexdesk/contract';
import { expect, it } from 'vitest';
import { DEMO, describeEachDatabase } from '../../../test/harness.ts';
import { auditService } from '../../platform/audit/audit.service.ts';

let n = 0;
const uniqueName = () => `Type ${Date.now().toString(36)}-${(n += 1)}`;

describeEachDatabase('document types', (h) => {
  const create = (token: string | null, body: unknown) =>
    h().request('POST', '/api/concept/document-type/', { token, body });
  const update = (token: string | null, id: number, body: unknown) =>
    h().request('PUT', `/api/concept/documents/update/${id}/`, { token, body });

  it('saves and updates a document type with trimmed values, for every role', async () => {
    for (const email of [DEMO.super, DEMO.admin, DEMO.user]) {
      const { access } = await h().login(email);
      const name = uniqueName();
      const res = await create(access, { type_name: `  ${name} `, description: '  A lease  ' });
      expect(res.statusCode).toBe(201);
      const saved = res.json<DocumentTypeSaved>();
      expect(saved).toMatchObject({ detail: M.saved, data: { type_name: name, description: 'A lease' } });
      const renamed = await update(access, saved.data.id, { type_name: ` ${name} v2 `, description: '' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        detail: M.updated,
        data: { id: saved.data.id, type_name: `${name} v2`, description: '' },
      });
      const list = (
        await h().request('GET', '/api/concept/document-type/', { token: access })
      ).json<DocumentTypeList>();
      expect(list.data).toContainEqual({ id: saved.data.id, type_name: `${name} v2`, description: '' });
      const history = await auditService(h().ctx).historyOf(h().ids.demoOrg, 'document_type', saved.data.id);
      expect(history.map((e) => e.action)).toEqual(['created', 'updated']);
    }
  });

  it('answers the spec messages for a missing name and a blank description, and 409 for a taken name', async () => {
    const { access } = await h().login(DEMO.admin);
    for (const body of [{ type_name: '   ', description: '' }, { description: 'x' }]) {
      const res = await create(access, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(M.nameRequired);
    }
    const blankDescription = await create(access, { type_name: uniqueName(), description: '   ' });
    expect(blankDescription.json().detail).toBe(M.invalidDescription);
    const tooLong = await create(access, { type_name: 'n'.repeat(255) });
    expect(tooLong.json().detail).toBe(M.nameTooLong);
    const name = uniqueName();
    const first = (await create(access, { type_name: name })).json<DocumentTypeSaved>();
    expect(first.data.description).toBe('');
    const taken = await create(access, { type_name: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(M.nameExists);
    const second = (await create(access, { type_name: uniqueName() })).json<DocumentTypeSaved>();
    const clash = await update(access, second.data.id, { type_name: name });
    expect(clash.statusCode).toBe(409);
    const blankUpdate = await update(access, second.data.id, { type_name: ' ', description: '' });
    expect(blankUpdate.json().detail).toBe(M.nameRequired);
  });

  it("answers 404 for another organisation's type and 401 without a token", async () => {
    const { access: other } = await h().login(DEMO.otherAdmin);
    const foreign = (await create(other, { type_name: uniqueName() })).json<DocumentTypeSaved>();
    const { access } = await h().login(DEMO.super);
    const res = await update(access, foreign.data.id, { type_name: uniqueName() });
    expect(res.statusCode).toBe(404);
    const list = (await h().request('GET', '/api/concept/document-type/', { token: access })).json<DocumentTypeList>();
    expect(list.data.map((t) => t.id)).not.toContain(foreign.data.id);
    expect((await h().request('GET', '/api/concept/document-type/', { token: null })).statusCode).toBe(401);
    expect((await create(null, { type_name: 'x' })).statusCode).toBe(401);
    expect((await update(null, foreign.data.id, { type_name: 'x' })).statusCode).toBe(401);
  });
});
