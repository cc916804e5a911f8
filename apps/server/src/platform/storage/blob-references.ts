import type { LexdeskModule } from '../modules/module.ts';

/** A column that holds blob storage keys (`<area>/<yyyy>/<uuid>`). */
export interface BlobKeyColumn {
  table: string;
  column: string;
}

/**
 * Every column that refers to a stored file: the `data.files` each module declares (`table.column`). The
 * storage sweep keeps exactly the files these name and removes the rest; storage-sweep.test.ts fails while a
 * `*_key` column of the schema is neither declared by its module nor listed as a key that is not a file.
 */
export function blobKeyColumns(modules: readonly LexdeskModule[]): BlobKeyColumn[] {
  return modules.flatMap((module) =>
    (module.data?.files ?? []).map((declared) => {
      const [table = '', column = ''] = declared.split('.');
      return { table, column };
    }),
  );
}
