import { conceptMessages as M, type ConceptHead, type ConceptListRow } from '@lexdesk/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DataTable, pagedTableProps, usePaging } from '../../ui/DataTable.tsx';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { RowDeleteDialog, useRowDelete } from '../../ui/RowDeleteDialog.tsx';
import { SearchField } from '../../ui/SearchField.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { AmendmentsDialog } from './AmendmentsDialog.tsx';
import { createPath, deleteList, exportPath, fetchConceptContent } from './api.ts';
import { headColumns, listColumns } from './conceptColumns.tsx';
import { DescriptionDialog } from './DescriptionDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { useConceptToasts } from './useConceptToasts.ts';
import { useListHeads } from './useListHeads.ts';

type Named = { id: number; name: string };

/** /concept-repo: the concept lists the caller sees, each opening to its heads (spec 03 §2, §6). */
export function ConceptRepoPage() {
  useDocumentTitle('Concepts');
  const session = useRequiredSession();
  const staff = session.role === 'super' || session.role === 'admin';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toasts = useConceptToasts();
  const paging = usePaging();
  const [openList, setOpenList] = useState<ConceptListRow | null>(null);
  const [describing, setDescribing] = useState<Named | null>(null);
  const [amending, setAmending] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const download = useDownload();
  const params = {
    pageNo: paging.pageNo,
    limits: paging.limits,
    search: paging.search,
    ...(openList ? { listId: openList.concept_list_id } : {}),
  };
  const content = useQuery({
    queryKey: queryKeys.analyser.content(params),
    queryFn: ({ signal }) => fetchConceptContent(params, signal),
    placeholderData: keepPreviousData,
  });
  const rows = useRowDelete(
    (row: ConceptListRow) => deleteList(row.concept_list_id),
    [queryKeys.analyser.all],
    M.listDeleted,
  );
  const amendHeads = useListHeads(amending);
  const exportList = (row: Named, format: 'xlsx' | 'csv') =>
    void download.start(exportPath(row.id), { format }, `${row.name}.${format}`);
  const open = (row: ConceptListRow | null) => {
    setOpenList(row);
    paging.setPageNo(1);
  };

  const lists = content.data?.kind === 'lists' ? content.data : undefined;
  const heads = content.data?.kind === 'heads' ? content.data : undefined;
  const shown = openList ? heads : lists;
  return (
    <ListPage
      title={openList ? openList.concept_list : 'Concepts'}
      intro={
        openList
          ? `Concept heads of this list (version ${openList.version})`
          : 'Concept lists you can use to review documents.'
      }
      back={
        openList && (
          <IconButton aria-label="Back to the concept lists" onClick={() => open(null)}>
            <ArrowBackIcon />
          </IconButton>
        )
      }
      actions={
        openList
          ? openList.actions.edit && (
              <>
                <Button
                  component={RouterLink}
                  to={createPath({ conceptListID: openList.concept_list_id, isView: true })}
                >
                  View list
                </Button>
                <Button onClick={() => exportList(named(openList), 'xlsx')}>Export .xlsx</Button>
                <Button onClick={() => exportList(named(openList), 'csv')}>Export .csv</Button>
              </>
            )
          : staff && (
              <>
                <Button startIcon={<UploadFileIcon />} onClick={() => setImporting(true)}>
                  Import
                </Button>
                <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createPath()}>
                  New list
                </Button>
              </>
            )
      }
    >
      <SearchField
        key={openList?.concept_list_id ?? 'lists'}
        label={openList ? 'Search concept heads' : 'Search concept lists'}
        onSearch={paging.setSearch}
      />
      {openList ? (
        <DataTable<ConceptHead>
          label="Concept heads"
          columns={headColumns}
          // From 1200 px the columns keep their shares and long terms are cut (whole on hover), not pushed out.
          fixedLayout
          getRowId={(head) => head.concept_id}
          onRowClick={
            openList.actions.edit ? (head) => void navigate(createPath({ conceptID: head.concept_id })) : undefined
          }
          {...pagedTableProps(paging, { data: heads, isFetching: content.isFetching || !shown })}
        />
      ) : (
        <DataTable<ConceptListRow>
          label="Concept lists"
          columns={listColumns({
            onEdit: (row) => void navigate(createPath({ conceptListID: row.concept_list_id })),
            onView: (row) => void navigate(createPath({ conceptListID: row.concept_list_id, isView: true })),
            onDescription: (row) => setDescribing(named(row)),
            onAmendment: (row) => setAmending(row.concept_list_id),
            onExport: (row, format) => exportList(named(row), format),
            onDelete: rows.setDeleting,
          })}
          getRowId={(row) => row.concept_list_id}
          onRowClick={open}
          {...pagedTableProps(paging, { data: lists, isFetching: content.isFetching || !shown })}
        />
      )}
      {content.isError && <Typography color="error">{refusalText(content.error)}</Typography>}
      <DescriptionDialog list={describing} onClose={() => setDescribing(null)} />
      <AmendmentsDialog
        open={amending !== null && amendHeads.isSuccess}
        heads={amendHeads.heads.map((head) => ({ id: head.concept_id, head: head.head }))}
        onClose={() => setAmending(null)}
      />
      {importing && (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={(detail) => {
            toasts.success(detail);
            setImporting(false);
            void queryClient.invalidateQueries({ queryKey: queryKeys.analyser.all });
          }}
        />
      )}
      <RowDeleteDialog rows={rows} item="concept list" />
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </ListPage>
  );
}

const named = (row: ConceptListRow): Named => ({ id: row.concept_list_id, name: row.concept_list });
