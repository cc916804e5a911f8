import { commonMessages, DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@lexdesk/contract';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type ReactNode } from 'react';
import { useMobile } from './useMobile.ts';

/**
 * A noWrap cell's content: one line cut with an ellipsis; narrower below 900 px so two such columns and the
 * actions fit a phone. It sits in a box inside the cell, because a table cell ignores max-width and would
 * take the whole value's width from the other columns.
 */
const CUT_CELL = {
  maxWidth: { xs: 200, md: 280 },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  width?: number | string;
  minWidth?: number;
  /** Keeps long values on one line with an ellipsis. */
  noWrap?: boolean;
  /** Left out at the 600 px mobile layout. */
  hideOnMobile?: boolean;
}

interface DataTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string | number;
  /** True while a page is being fetched (the first one or a later one). */
  loading: boolean;
  totalCount: number;
  /** 1-based, as the API counts. */
  pageNo: number;
  limits: PageSize;
  onPageChange: (pageNo: number) => void;
  onLimitsChange: (limits: PageSize) => void;
  onRowClick?: (row: Row) => void;
  /** A line under 'No records found' (e.g. how the search works), shown when a finished load found nothing. */
  emptyHint?: ReactNode;
  /**
   * From 1200 px, columns keep the widths they declare and the ones without a width share the rest: for tables
   * whose long values would otherwise take their full width from the one column that matters.
   */
  fixedLayout?: boolean;
}

export interface Paging {
  pageNo: number;
  limits: PageSize;
  setPageNo: (pageNo: number) => void;
  setLimits: (limits: PageSize) => void;
  /** The search box's text (`search_key`); a new search goes back to page 1. */
  search: string;
  setSearch: (search: string) => void;
}

/** Page number, size and search of a server-paged list; a new size or search goes back to page 1. */
export function usePaging(initial: PageSize = DEFAULT_PAGE_SIZE): Paging {
  const [pageNo, setPageNo] = useState(1);
  const [limits, setLimitsState] = useState<PageSize>(initial);
  const setLimits = useCallback((next: PageSize) => {
    setLimitsState(next);
    setPageNo(1);
  }, []);
  const [search, setSearchState] = useState('');
  const setSearch = useCallback((next: string) => {
    setSearchState(next);
    setPageNo(1);
  }, []);
  return { pageNo, limits, setPageNo, setLimits, search, setSearch };
}

/**
 * The DataTable props of a paged list query and the paging that drives it. With `quietRefetch` the table is busy
 * only until its first page arrives, so a poll or a refresh after a change does not flash the progress bar.
 */
export function pagedTableProps<Row>(
  paging: Paging,
  list: { data: { data: Row[]; page: { total_count: number } } | undefined; isFetching: boolean },
  { quietRefetch = false }: { quietRefetch?: boolean } = {},
) {
  return {
    rows: list.data?.data,
    loading: list.isFetching && !(quietRefetch && list.data),
    totalCount: list.data?.page.total_count ?? 0,
    pageNo: paging.pageNo,
    limits: paging.limits,
    onPageChange: paging.setPageNo,
    onLimitsChange: paging.setLimits,
  };
}

/**
 * A whole list the server sends at once (a case's status history, the document types), cut to the paging's page,
 * in the shape `pagedTableProps` takes.
 */
export function localPage<Row>(paging: Paging, all: readonly Row[] | undefined) {
  return (
    all && {
      data: all.slice((paging.pageNo - 1) * paging.limits, paging.pageNo * paging.limits),
      page: { total_count: all.length },
    }
  );
}

/** The first column of a list: the row's name in bold. */
export function nameColumn<Row>(header: string, minWidth: number, name: (row: Row) => string): DataTableColumn<Row> {
  return {
    key: 'name',
    header,
    minWidth,
    render: (row) => (
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {name(row)}
      </Typography>
    ),
  };
}

/**
 * Every list of the product (DESIGN §6): server paging with the page sizes of spec 01 §9,
 * 'Loading data...' while the first page loads, then 'No records found' when it is empty.
 */
export function DataTable<Row>({
  label,
  rows,
  getRowId,
  loading,
  totalCount,
  pageNo,
  limits,
  onPageChange,
  onLimitsChange,
  onRowClick,
  emptyHint,
  columns: allColumns,
  fixedLayout = false,
}: DataTableProps<Row>) {
  const mobile = useMobile();
  const columns = mobile ? allColumns.filter((column) => !column.hideOnMobile) : allColumns;
  const empty = !rows || rows.length === 0;
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      {/* Mounted only while loading: a hidden bar still animates and keeps the browser laying out the page. */}
      {loading && !empty ? <LinearProgress aria-hidden sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <TableContainer>
        <Table
          size="small"
          aria-label={label}
          aria-busy={loading}
          sx={fixedLayout ? { tableLayout: { xs: 'auto', lg: 'fixed' } } : undefined}
        >
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.key}
                  sx={{ fontWeight: 600, width: column.width, minWidth: column.minWidth, whiteSpace: 'nowrap' }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {empty ? (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                  {loading ? commonMessages.loading : commonMessages.noRecords}
                  {!loading && emptyHint && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {emptyHint}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow
                  key={getRowId(row)}
                  hover={Boolean(onRowClick)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  sx={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => {
                    const value = column.render(row);
                    // A cut cell's plain text is also its hover text, so the part behind the ellipsis can be read.
                    const cutText =
                      column.noWrap && (typeof value === 'string' || typeof value === 'number')
                        ? String(value)
                        : undefined;
                    return (
                      <TableCell key={column.key} title={cutText}>
                        {column.noWrap ? <Box sx={CUT_CELL}>{value}</Box> : value}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={totalCount}
        page={totalCount === 0 ? 0 : pageNo - 1}
        rowsPerPage={limits}
        rowsPerPageOptions={PAGE_SIZES as unknown as number[]}
        onPageChange={(_event, page) => onPageChange(page + 1)}
        onRowsPerPageChange={(event) => onLimitsChange(Number(event.target.value) as PageSize)}
      />
    </Paper>
  );
}
