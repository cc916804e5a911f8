import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.types.ts';
import type { TemplatePackagesTable } from '../../db/tables/templates.ts';
import { scoped } from '../../db/tenant-scope.ts';

export async function insertPackage(db: Db, values: Insertable<TemplatePackagesTable>): Promise<number> {
  const row = await db.insertInto('template_packages').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findPackage(db: Db, organisationId: number, id: number) {
  return scoped(db, organisationId).selectFrom('template_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listPackages(db: Db, organisationId: number, page: { page_no: number; limits: number }) {
  const base = scoped(db, organisationId).selectFrom('template_packages');
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('users', 'users.id', 'template_packages.created_by')
    .leftJoin('organisations', 'organisations.id', 'template_packages.target_organisation_id')
    .selectAll('template_packages')
    .select(['users.first_name', 'users.last_name', 'organisations.name as target_name'])
    .orderBy('template_packages.created_at', 'desc')
    .orderBy('template_packages.id', 'desc')
    .limit(page.limits)
    .offset((page.page_no - 1) * page.limits)
    .execute();
  return { rows, total: Number(count?.n ?? 0) };
}
