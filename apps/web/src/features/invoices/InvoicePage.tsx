import {
  can,
  INVOICE_LINE_KIND_LABELS,
  invoiceMessages as M,
  milliToDecimal,
  PAYMENT_METHOD_LABELS,
  type InvoiceDetail,
  type InvoiceDownloadFormat,
  type InvoiceLine,
} from '@lexdesk/contract';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDay } from '../../ui/dates.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { SimpleTable } from '../../ui/SimpleTable.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { deleteDraft, deletePayment, fetchInvoice, invoiceDownloadPath, issueInvoice, voidInvoice } from './api.ts';
import { CreditNoteDialog, PaymentDialog, SendDialog } from './InvoiceActionDialogs.tsx';
import { CreditNoteChip, InvoiceStatusChip } from './invoiceChips.tsx';
import { DraftDialog } from './DraftDialog.tsx';
import { Totals } from './Totals.tsx';
import { InvoiceOff, useCanManage } from './InvoiceFrame.tsx';
import { invoiceName } from './InvoiceTable.tsx';
import { minutesText, money, percent } from './money.ts';
import { idOf, INVOICE_LIST_PATH, invoicePath } from './paths.ts';

const DOWNLOADS: { format: InvoiceDownloadFormat; label: string }[] = [
  { format: 'pdf', label: 'PDF' },
  { format: 'docx', label: 'Word (.docx)' },
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'csv', label: 'CSV (.csv)' },
  { format: 'ledes', label: 'LEDES 1998B' },
];

/**
 * /invoice?invoice_id=N: one invoice or credit note — who it bills, its lines, totals, payments and credit notes —
 * with the actions its status allows (the server's `actions`): edit or delete a draft, issue, download, send by
 * email, record a payment, issue a credit note, void.
 */
export function InvoicePage() {
  const session = useRequiredSession();
  const [query] = useSearchParams();
  const id = idOf(query.get('invoice_id'));
  if (!can(session, 'invoices.read')) return <InvoiceOff title="Invoice" session={session} />;
  if (id === null)
    return (
      <ListPage title="Invoice">
        <Alert severity="info">
          No invoice chosen.{' '}
          <Link component={RouterLink} to={INVOICE_LIST_PATH}>
            Open the invoices
          </Link>
          .
        </Alert>
      </ListPage>
    );
  return <InvoiceView id={id} />;
}

type Dialog = 'edit' | 'pay' | 'credit' | 'send' | 'issue' | 'void' | 'delete' | null;

function InvoiceView({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const download = useDownload();
  const manage = useCanManage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [downloadAnchor, setDownloadAnchor] = useState<HTMLElement | null>(null);
  const invoice = useQuery({
    queryKey: queryKeys.invoices.detail(id),
    queryFn: ({ signal }) => fetchInvoice(id, signal),
  });
  const data = invoice.data;
  useDocumentTitle(data ? invoiceName(data) : 'Invoice');

  const refresh = async (answer?: { invoice: InvoiceDetail }) => {
    if (answer) queryClient.setQueryData(queryKeys.invoices.detail(id), answer.invoice);
    await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
  };
  const act = useMutation({
    mutationFn: async (what: 'issue' | 'void' | 'delete') => {
      if (what === 'issue') return { what, answer: await issueInvoice(id) };
      if (what === 'void') return { what, answer: await voidInvoice(id) };
      return { what, answer: await deleteDraft(id) };
    },
    onSuccess: async ({ what, answer }) => {
      enqueueSnackbar(answer.detail, { variant: 'success' });
      setDialog(null);
      if (what === 'delete') {
        await queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all });
        void navigate(INVOICE_LIST_PATH);
        return;
      }
      await refresh('invoice' in answer ? answer : undefined);
    },
    onError: (failure) => enqueueSnackbar(refusalText(failure), { variant: 'error' }),
  });
  const removePayment = useMutation({
    mutationFn: (paymentId: number) => deletePayment(id, paymentId),
    onSuccess: async (answer) => {
      enqueueSnackbar(answer.detail || M.paymentDeleted, { variant: 'success' });
      await refresh(answer);
    },
    onError: (failure) => enqueueSnackbar(refusalText(failure), { variant: 'error' }),
  });

  if (invoice.isError)
    return (
      <ListPage title="Invoice">
        <Typography color="error">{refusalText(invoice.error)}</Typography>
      </ListPage>
    );
  if (!data)
    return (
      <ListPage title="Invoice">
        <Typography color="text.secondary">Loading data...</Typography>
      </ListPage>
    );
  const { actions, currency } = data;
  const creditNote = data.kind === 'credit_note';
  const title = creditNote ? `Credit note ${invoiceName(data)}` : `Invoice ${invoiceName(data)}`;

  return (
    <ListPage
      title={title}
      intro={`${data.account_name}${data.case_title ? ` · ${data.case_title}` : ''}`}
      back={
        <IconButton component={RouterLink} to={INVOICE_LIST_PATH} aria-label="Back to the invoices">
          <ArrowBackIcon />
        </IconButton>
      }
      actions={
        <>
          {actions.edit && (
            <Button variant="outlined" onClick={() => setDialog('edit')}>
              Edit draft
            </Button>
          )}
          {actions.delete && (
            <Button color="error" onClick={() => setDialog('delete')}>
              Delete draft
            </Button>
          )}
          {actions.issue && (
            <Button variant="contained" onClick={() => setDialog('issue')}>
              Issue
            </Button>
          )}
          {actions.pay && (
            <Button variant="contained" onClick={() => setDialog('pay')}>
              Record payment
            </Button>
          )}
          {actions.send && (
            <Button variant="outlined" onClick={() => setDialog('send')}>
              Send by email
            </Button>
          )}
          {actions.credit_note && (
            <Button variant="outlined" onClick={() => setDialog('credit')}>
              Credit note
            </Button>
          )}
          {actions.void && (
            <Button color="error" onClick={() => setDialog('void')}>
              Void
            </Button>
          )}
          {actions.download && (
            <>
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                aria-haspopup="menu"
                onClick={(event) => setDownloadAnchor(event.currentTarget)}
              >
                Download
              </Button>
              <Menu anchorEl={downloadAnchor} open={downloadAnchor !== null} onClose={() => setDownloadAnchor(null)}>
                {DOWNLOADS.map((d) => (
                  <MenuItem
                    key={d.format}
                    onClick={() => {
                      setDownloadAnchor(null);
                      void download.start(invoiceDownloadPath(id), { format: d.format });
                    }}
                  >
                    {d.label}
                  </MenuItem>
                ))}
              </Menu>
            </>
          )}
        </>
      }
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="invoice-status">
        <InvoiceStatusChip status={data.status} overdue={data.overdue} />
        {creditNote && <CreditNoteChip />}
        {data.status === 'draft' && (
          <Typography variant="body2" color="text.secondary">
            A draft has no number yet: it gets the next one of its series when issued.
          </Typography>
        )}
      </Box>
      <Paper
        variant="outlined"
        sx={{ p: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <Facts title="Bill to">
          <Typography sx={{ fontWeight: 600 }}>{data.account.name}</Typography>
          {data.account.billing_address && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
              {data.account.billing_address}
            </Typography>
          )}
          {data.account.email && <Typography variant="body2">{data.account.email}</Typography>}
          {data.account.tax_number && <Typography variant="body2">Tax number: {data.account.tax_number}</Typography>}
        </Facts>
        <Facts title="Dates">
          <Fact label="Issued" value={formatDay(data.issue_date) || 'Not yet'} />
          <Fact
            label="Due"
            value={
              <Box
                component="span"
                sx={{ color: data.overdue ? 'error.main' : undefined, fontWeight: data.overdue ? 700 : undefined }}
              >
                {formatDay(data.due_date) || '—'}
                {data.overdue ? ' (overdue)' : ''}
              </Box>
            }
          />
          {data.voided_at && <Fact label="Voided" value={formatDay(data.voided_at.slice(0, 10))} />}
        </Facts>
        <Facts title="Case">
          <Typography variant="body2">{data.case_title ?? 'Every case of the account'}</Typography>
          {data.credited_invoice_id !== null && (
            <Typography variant="body2">
              Credits{' '}
              <Link component={RouterLink} to={invoicePath(data.credited_invoice_id)}>
                {data.credited_invoice_number ?? `invoice #${data.credited_invoice_id}`}
              </Link>
            </Typography>
          )}
        </Facts>
      </Paper>
      <Section title="Lines">
        <SimpleTable<InvoiceLine>
          label="Invoice lines"
          empty="No lines."
          columns={[
            {
              header: 'Date',
              hideOnMobile: true,
              render: (l) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatDay(l.date) || '—'}</Box>,
            },
            {
              header: 'Kind',
              hideOnMobile: true,
              render: (l) => <Box sx={{ whiteSpace: 'nowrap' }}>{INVOICE_LINE_KIND_LABELS[l.kind]}</Box>,
            },
            { header: 'Description', render: (l) => <LineDescription line={l} /> },
            { header: 'Quantity', align: 'right', hideOnMobile: true, render: (l) => quantityOf(l) },
            {
              header: 'Unit price',
              align: 'right',
              hideOnMobile: true,
              render: (l) => (l.discount_percent_milli === null ? money(l.unit_price_minor, currency) : '—'),
            },
            { header: 'Tax', align: 'right', hideOnMobile: true, render: (l) => percent(l.tax_rate_milli) },
            { header: 'Amount', align: 'right', render: (l) => money(l.amount_minor, currency) },
          ]}
          rows={data.lines}
          rowKey={(l) => l.id}
        />
        <Totals
          currency={currency}
          subtotal={data.subtotal_minor}
          tax={data.tax_minor}
          total={data.total_minor}
          extra={
            data.status === 'draft' || creditNote || data.status === 'void'
              ? []
              : [
                  { label: 'Paid', minor: data.paid_minor },
                  ...(data.credited_minor ? [{ label: 'Credited', minor: data.credited_minor }] : []),
                  { label: 'Balance due', minor: data.balance_minor, strong: true },
                ]
          }
        />
        {data.tax_by_rate.length > 1 && (
          <Typography variant="body2" color="text.secondary">
            Tax by rate:{' '}
            {data.tax_by_rate
              .map(
                (t) =>
                  `${percent(t.tax_rate_milli)} on ${money(t.base_minor, currency)} = ${money(t.tax_minor, currency)}`,
              )
              .join('; ')}
          </Typography>
        )}
        {data.notes && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {data.notes}
          </Typography>
        )}
      </Section>
      {!creditNote && data.status !== 'draft' && (
        <Section title="Payments">
          <SimpleTable
            label="Payments"
            empty="No payments yet."
            columns={[
              { header: 'Date', render: (p) => formatDay(p.date) },
              { header: 'Method', render: (p) => PAYMENT_METHOD_LABELS[p.method] },
              { header: 'Reference', hideOnMobile: true, render: (p) => p.reference || '—' },
              { header: 'Amount', align: 'right', render: (p) => money(p.amount_minor, currency) },
              ...(manage && data.status !== 'void'
                ? [
                    {
                      header: 'Actions',
                      render: (p: InvoiceDetail['payments'][number]) => (
                        <Button
                          size="small"
                          color="error"
                          disabled={removePayment.isPending}
                          onClick={() => removePayment.mutate(p.id)}
                          aria-label={`Delete the payment of ${money(p.amount_minor, currency)} on ${formatDay(p.date)}`}
                        >
                          Delete
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
            rows={data.payments}
            rowKey={(p) => p.id}
          />
        </Section>
      )}
      {data.credit_notes.length > 0 && (
        <Section title="Credit notes">
          <SimpleTable
            label="Credit notes"
            columns={[
              {
                header: 'Number',
                render: (c) => (
                  <Link component={RouterLink} to={invoicePath(c.id)} sx={{ fontWeight: 600 }}>
                    {c.number ?? `#${c.id}`}
                  </Link>
                ),
              },
              { header: 'Issued', render: (c) => formatDay(c.issue_date) },
              { header: 'Amount', align: 'right', render: (c) => money(c.total_minor, currency) },
            ]}
            rows={data.credit_notes}
            rowKey={(c) => c.id}
          />
        </Section>
      )}
      {data.issued_at && (
        <Typography variant="caption" color="text.secondary">
          Issued {formatDay(data.issued_at.slice(0, 10))}
          {data.issued_by_name ? ` by ${data.issued_by_name}` : ''}. An issued invoice never changes: corrections are
          credit notes, and its PDF downloads the same file it was issued with.
        </Typography>
      )}

      {dialog === 'edit' && (
        <DraftDialog invoice={data} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      )}
      {dialog === 'pay' && <PaymentDialog invoice={data} onClose={() => setDialog(null)} onSaved={refresh} />}
      {dialog === 'credit' && (
        <CreditNoteDialog
          invoice={data}
          onClose={() => setDialog(null)}
          onSaved={async (creditNoteId) => {
            setDialog(null);
            await refresh();
            void navigate(invoicePath(creditNoteId));
          }}
        />
      )}
      {dialog === 'send' && <SendDialog invoice={data} onClose={() => setDialog(null)} />}
      <ConfirmDialog
        open={dialog === 'issue'}
        item="invoice"
        title="Issue the invoice?"
        question="It gets the next number of the series and its PDF is stored; it cannot be changed afterwards (corrections are credit notes)."
        confirmLabel="Issue"
        confirmColor="primary"
        busy={act.isPending}
        onConfirm={() => act.mutate('issue')}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'void'}
        item="invoice"
        title="Void the invoice?"
        question="A void invoice keeps its number but is no longer due; its time entries and expenses can be billed again."
        confirmLabel="Void"
        busy={act.isPending}
        onConfirm={() => act.mutate('void')}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        item="draft invoice"
        busy={act.isPending}
        onConfirm={() => act.mutate('delete')}
        onClose={() => setDialog(null)}
      />
      <DownloadDialog open={download.progress !== null} progress={download.progress ?? 0} onDone={download.done} />
    </ListPage>
  );
}

/** The description of a line, with a time line's timekeeper, raw time and uplift under it. */
function LineDescription({ line }: { line: InvoiceLine }) {
  return (
    <Box sx={{ display: 'grid' }}>
      <span>{line.description}</span>
      {line.kind === 'time' && line.raw_seconds !== null && line.billed_minutes !== null && (
        <Typography variant="caption" color="text.secondary">
          {line.user_name ? `${line.user_name} · ` : ''}
          {minutesText(line.raw_seconds)} recorded, {minutesText(line.billed_minutes * 60)} billed
          {line.uplift_seconds ? ` (+${minutesText(line.uplift_seconds)})` : ''}
        </Typography>
      )}
      {line.discount_percent_milli !== null && (
        <Typography variant="caption" color="text.secondary">
          {percent(line.discount_percent_milli)} of the other lines
        </Typography>
      )}
    </Box>
  );
}

const quantityOf = (l: InvoiceLine) =>
  l.kind === 'time' ? `${milliToDecimal(l.quantity_milli)} h` : milliToDecimal(l.quantity_milli);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Facts({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start', minWidth: 0, overflowWrap: 'anywhere' }}>
      <Typography component="h2" variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
}
