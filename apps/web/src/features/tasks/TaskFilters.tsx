import {
  TASK_DUE_FILTERS,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASK_STATUS_LABELS,
  type TaskDueFilter,
  type TaskScope,
  type TaskSortField,
  type TaskStatus,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { CasePicker, type CaseChoice } from './TaskPickers.tsx';

export interface TaskFilterValues {
  scope: TaskScope;
  caseChoice: CaseChoice | null;
  status: TaskStatus | '';
  due: TaskDueFilter | '';
  sort: TaskSortField;
  order: 'asc' | 'desc';
}

const DUE_LABELS: Record<TaskDueFilter, string> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due in 7 days',
  none: 'No due date',
};
const SORT_LABELS: Record<TaskSortField, string> = {
  due_date: 'Due date',
  priority: 'Priority',
  created_at: 'Created',
  title: 'Title',
  status: 'Status',
};
const SCOPE_LABELS: Record<TaskScope, string> = { mine: 'Mine', created: 'Created by me', all: 'All' };

/** The list's filters: whose tasks (mine, created by me, all for staff), case, status, due, and the sort. */
export function TaskFilters({
  value,
  onChange,
  staff,
}: {
  value: TaskFilterValues;
  onChange: (next: TaskFilterValues) => void;
  staff: boolean;
}) {
  const set = (patch: Partial<TaskFilterValues>) => onChange({ ...value, ...patch });
  const scopes: TaskScope[] = staff ? ['all', 'mine', 'created'] : ['mine', 'created', 'all'];
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        alignItems: 'center',
      }}
    >
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={value.scope}
        onChange={(_event, next: TaskScope | null) => next && set({ scope: next })}
        aria-label="Whose tasks"
        sx={{ gridColumn: { xs: 'auto', lg: 'span 2' }, flexWrap: 'wrap' }}
      >
        {scopes.map((scope) => (
          <ToggleButton
            key={scope}
            value={scope}
            // The default unselected grey is too pale on the page's background (axe: contrast).
            sx={{ textTransform: 'none', px: 2, '&:not(.Mui-selected)': { color: 'text.primary' } }}
          >
            {SCOPE_LABELS[scope]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <CasePicker size="small" value={value.caseChoice} onChange={(caseChoice) => set({ caseChoice })} />
      <TextField
        select
        size="small"
        label="Status"
        value={value.status}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => set({ status: event.target.value as TaskStatus | '' })}
      >
        <MenuItem value="">Any status</MenuItem>
        {TASK_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {TASK_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Due"
        value={value.due}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        onChange={(event) => set({ due: event.target.value as TaskDueFilter | '' })}
      >
        <MenuItem value="">Any time</MenuItem>
        {TASK_DUE_FILTERS.map((d) => (
          <MenuItem key={d} value={d}>
            {DUE_LABELS[d]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Sort by"
        value={value.sort}
        onChange={(event) => set({ sort: event.target.value as TaskSortField })}
      >
        {TASK_SORT_FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {SORT_LABELS[f]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Order"
        value={value.order}
        onChange={(event) => set({ order: event.target.value as 'asc' | 'desc' })}
      >
        <MenuItem value="asc">Ascending</MenuItem>
        <MenuItem value="desc">Descending</MenuItem>
      </TextField>
    </Box>
  );
}
