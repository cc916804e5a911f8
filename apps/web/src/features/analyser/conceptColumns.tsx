import type { ConceptHead, ConceptListRow } from '@lexdesk/contract';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { DataTableColumn } from '../../ui/DataTable.tsx';
import { formatDateShort } from '../../ui/dates.ts';
import { RowActions } from '../../ui/RowActions.tsx';
import { plainText } from './headText.ts';

interface ListRowHandlers {
  onEdit: (row: ConceptListRow) => void;
  onView: (row: ConceptListRow) => void;
  onDescription: (row: ConceptListRow) => void;
  onAmendment: (row: ConceptListRow) => void;
  onExport: (row: ConceptListRow, format: 'xlsx' | 'csv') => void;
  onDelete: (row: ConceptListRow) => void;
}

/** The lists' columns; the row menu shows only the actions the answer grants (spec 03 §6). */
export function listColumns(on: ListRowHandlers): DataTableColumn<ConceptListRow>[] {
  return [
    {
      key: 'name',
      header: 'Concept List',
      minWidth: 160,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {row.concept_list}
          {row.is_assigned_to_all && <Chip size="small" label="All" sx={{ ml: 1 }} />}
        </Typography>
      ),
    },
    { key: 'type', header: 'Document Type', hideOnMobile: true, noWrap: true, render: (row) => row.concept_doc ?? '—' },
    { key: 'heads', header: 'Heads', hideOnMobile: true, render: (row) => row.heads_count },
    { key: 'version', header: 'Version', hideOnMobile: true, render: (row) => row.version },
    { key: 'updated', header: 'Updated', hideOnMobile: true, render: (row) => formatDateShort(row.updated_at) },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (row) => (
        <RowActions
          label={`Actions for ${row.concept_list}`}
          actions={[
            ...(row.actions.edit ? [{ label: 'Edit', onClick: () => on.onEdit(row) }] : []),
            ...(row.actions.description ? [{ label: 'Description', onClick: () => on.onDescription(row) }] : []),
            ...(row.actions.amendment ? [{ label: 'Amendment', onClick: () => on.onAmendment(row) }] : []),
            // A user has description only (spec 03 §6); view and export (beyond the spec) go with edit.
            ...(row.actions.edit
              ? [
                  { label: 'View', onClick: () => on.onView(row) },
                  { label: 'Export .xlsx', onClick: () => on.onExport(row, 'xlsx') },
                  { label: 'Export .csv', onClick: () => on.onExport(row, 'csv') },
                ]
              : []),
            ...(row.actions.delete ? [{ label: 'Delete', onClick: () => on.onDelete(row) }] : []),
          ]}
        />
      ),
    },
  ];
}

export const headColumns: DataTableColumn<ConceptHead>[] = [
  {
    key: 'head',
    header: 'Concept',
    width: '20%',
    render: (head) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {head.head}
      </Typography>
    ),
  },
  {
    key: 'definition',
    header: 'Definition',
    width: '32%',
    noWrap: true,
    hideOnMobile: true,
    render: (head) => plainText(head.definition) || '—',
  },
  { key: 'terms', header: 'Terms', width: '24%', noWrap: true, render: (head) => head.terms || '—' },
  {
    key: 'phrases',
    header: 'Phrases',
    width: '24%',
    noWrap: true,
    hideOnMobile: true,
    render: (head) => head.phrases || '—',
  },
];
