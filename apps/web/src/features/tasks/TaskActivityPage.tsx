import { can, formatDuration, taskActivityQuery, type TaskExportFormat } from '@lexdesk/contract';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalText } from '../../api/client.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { DownloadDialog } from '../../ui/DownloadDialog.tsx';
import { ListPage } from '../../ui/ListPage.tsx';
import { useDownload } from '../../ui/useDownload.ts';
import { defaultRange } from './activity.ts';
import { Figure } from '../../ui/Figure.tsx';
import { ActivityEntries } from './ActivityEntries.tsx';
import { ActivityEvents } from './ActivityEvents.tsx';
import { TimeByDay, TimeByWeek, TimePerCase, TimePerUser } from './ActivityTables.tsx';
import { browserTimeZone, fetchTaskActivity, TASK_ACTIVITY_EXPORT_PATH, type TaskActivityParams } from './api.ts';
import { ModuleOff } from '../../ui/ModuleOff.tsx';
import { todayIso } from './taskChips.tsx';
import { CasePicker, PersonPicker, type CaseChoice } from './TaskPickers.tsx';

const TABS = ['By day', 'By week', 'Per user', 'Per case', 'Entries', 'Who did what'] as const;

/**
 * /task-activity (spec 01 §2 'Task Activity'): who did what on which task, and the time by day and by week with
 * totals per user and per case, in the browser's time zone; export .xlsx and .csv. Users see their own time.
 */
export function TaskActivityPage() {
  useDocumentTitle('Task Activity');
  const session = useRequiredSession();
  if (!can(session, 'tasks.read')) return <ModuleOff title="Task Activity" module="Task Management" />;
  return <TaskActivity />;
}

function TaskActivity() {
  const session = useRequiredSession();
  const staff = can(session, 'tasks.approve');
  const [range, setRange] = useState(() => defaultRange(todayIso()));
  const [userId, setUserId] = useState<number | null>(null);
  const [caseChoice, setCaseChoice] = useState<CaseChoice | null>(null);
  const [tab, setTab] = useState(0);
  const download = useDownload();
  const filters: TaskActivityParams = {
    from: range.from,
    to: range.to,
    user_id: userId ?? undefined,
    case_id: caseChoice?.id,
  };
  const checked = taskActivityQuery.safeParse({ ...filters, tz: browserTimeZone() });
  const problem = checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const activity = useQuery({
    queryKey: queryKeys.tasks.activity(filters),
    queryFn: ({ signal }) => fetchTaskActivity(filters, signal),
    enabled: checked.success,
    placeholderData: keepPreviousData,
  });
  const exportAs = (format: TaskExportFormat) =>
    void download.start(TASK_ACTIVITY_EXPORT_PATH, { ...filters, tz: browserTimeZone(), format });
  const data = activity.data;

  return (
    <ListPage
      title="Task Activity"
      intro={`Who did what on which task, and the time spent, by day and by week (${browserTimeZone()}).`}
      actions={
        <>
          <Button startIcon={<DownloadIcon />} onClick={() => exportAs('xlsx')} disabled={!checked.success}>
            Export .xlsx
          </Button>
          <Button startIcon={<DownloadIcon />} onClick={() => exportAs('csv')} disabled={!checked.success}>
            Export .csv
          </Button>
        </>
      }
    >
      <Box
        role="group"
        aria-label="Filters"
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        <TextField
          type="date"
          size="small"
          label="From"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
          error={problem !== null}
          helperText={problem}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          size="small"
          label="To"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {staff && <PersonPicker size="small" label="User" value={userId} onChange={setUserId} />}
        <CasePicker size="small" value={caseChoice} onChange={setCaseChoice} />
      </Box>
      {data && (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))' }}>
          <Figure label="Total" value={formatDuration(data.total.seconds)} />
          <Figure label="Billable" value={formatDuration(data.total.billable_seconds)} />
          <Figure label="Non-billable" value={formatDuration(data.total.seconds - data.total.billable_seconds)} />
          <Figure label="Events" value={String(data.events.length)} />
        </Box>
      )}
      {activity.isError && <Typography color="error">{refusalText(activity.error)}</Typography>}
      <Tabs
        value={tab}
        onChange={(_event, next: number) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Views of the activity"
      >
        {TABS.map((label, index) => (
          <Tab key={label} label={label} id={`activity-tab-${index}`} aria-controls="activity-panel" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="activity-panel" aria-labelledby={`activity-tab-${tab}`} sx={{ minWidth: 0 }}>
        {tab === 4 ? (
          <ActivityEntries filters={filters} />
        ) : data ? (
          <>
            {tab === 0 && <TimeByDay activity={data} />}
            {tab === 1 && <TimeByWeek activity={data} />}
            {tab === 2 && <TimePerUser activity={data} />}
            {tab === 3 && <TimePerCase activity={data} />}
            {tab === 5 && <ActivityEvents events={data.events} />}
          </>
        ) : (
          activity.isFetching && <Typography color="text.secondary">Loading data...</Typography>
        )}
      </Box>
      <DownloadDialog
        open={download.progress !== null}
        title="Exporting"
        progress={download.progress ?? 0}
        onDone={download.done}
      />
    </ListPage>
  );
}
