import type { DocumentType } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { DataTable, localPage, pagedTableProps, usePaging, type DataTableColumn } from '../../ui/DataTable.tsx';
import { fetchDocumentTypes } from './api.ts';
import { DocumentTypeDialog } from './DocumentTypeDialog.tsx';

/** The organisation's document types, with the Add / Edit Document Type dialog. */
export function DocumentTypesSection() {
  const paging = usePaging();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ editing: DocumentType | null } | null>(null);
  const types = useQuery({
    queryKey: queryKeys.questionnaires.documentTypes,
    queryFn: ({ signal }) => fetchDocumentTypes(signal),
  });
  const columns: DataTableColumn<DocumentType>[] = [
    { key: 'name', header: 'Document Type Name', noWrap: true, render: (row) => row.type_name },
    { key: 'description', header: 'Document Description', hideOnMobile: true, render: (row) => row.description },
    {
      key: 'actions',
      header: 'Actions',
      width: 80,
      render: (row) => (
        <Tooltip title={`Edit ${row.type_name}`}>
          <IconButton aria-label={`Edit document type ${row.type_name}`} onClick={() => setDialog({ editing: row })}>
            <EditIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box
        sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}
      >
        <Typography variant="h2">Document Types</Typography>
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setDialog({ editing: null })}>
          Add Document Type
        </Button>
      </Box>
      <DataTable
        label="Document types"
        columns={columns}
        getRowId={(row) => row.id}
        {...pagedTableProps(paging, { data: localPage(paging, types.data?.data), isFetching: types.isFetching })}
      />
      <DocumentTypeDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: queryKeys.questionnaires.documentTypes })}
      />
    </Paper>
  );
}
