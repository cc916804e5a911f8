import { can, type TaskPerson } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePickerSearch } from '../../ui/usePickerSearch.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchCases } from '../cases/index.ts';
import { fetchAssigneeOptions } from './api.ts';

/** A case as the task forms and filters hold it. */
export interface CaseChoice {
  id: number;
  title: string;
}

/**
 * The case picker of the task forms and filters: the caller's cases (GET case/, the case list's own call), searched
 * as they type. Without the Case module there is nothing to pick from: the field is disabled.
 */
export function CasePicker({
  value,
  onChange,
  label = 'Case',
  helperText,
  size,
}: {
  value: CaseChoice | null;
  onChange: (next: CaseChoice | null) => void;
  label?: string;
  helperText?: string;
  size?: 'small' | 'medium';
}) {
  const session = useRequiredSession();
  const allowed = can(session, 'case.cases.read');
  const { search, onInputChange } = usePickerSearch();
  const cases = useQuery({
    queryKey: queryKeys.tasks.cases(search),
    queryFn: ({ signal }) =>
      fetchCases({ pageNo: 1, limits: 50, search, text: '', sortBy: 'title', sortOrder: 'asc' }, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  const options: CaseChoice[] = (cases.data?.data ?? []).map((c) => ({ id: c.id, title: c.title }));
  return (
    <Autocomplete<CaseChoice>
      options={options}
      value={value}
      disabled={!allowed}
      loading={cases.isFetching}
      size={size}
      getOptionLabel={(c) => c.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      noOptionsText="No cases found"
      onInputChange={onInputChange}
      onChange={(_event, picked) => onChange(picked)}
      renderInput={(params) => <TextField {...params} label={label} helperText={helperText} />}
    />
  );
}

/** The organisation's users who may work on tasks (assignees, and the creator and user filters). */
export function useTaskPeople() {
  const session = useRequiredSession();
  const people = useQuery({
    queryKey: queryKeys.tasks.assignees,
    queryFn: ({ signal }) => fetchAssigneeOptions(signal),
    enabled: can(session, 'tasks.read'),
    staleTime: 60_000,
  });
  return people.data?.data ?? [];
}

export function AssigneesPicker({
  value,
  onChange,
}: {
  value: readonly TaskPerson[];
  onChange: (next: TaskPerson[]) => void;
}) {
  const people = useTaskPeople();
  return (
    <Autocomplete<TaskPerson, true>
      multiple
      disableCloseOnSelect
      options={people}
      value={[...value]}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterSelectedOptions
      noOptionsText="No users found"
      onChange={(_event, picked) => onChange(picked)}
      renderInput={(params) => <TextField {...params} label="Assignees" />}
    />
  );
}

/** One person of the organisation (the creator or user filters). */
export function PersonPicker({
  label,
  value,
  onChange,
  size,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  size?: 'small' | 'medium';
}) {
  const people = useTaskPeople();
  const chosen = people.find((p) => p.id === value) ?? null;
  return (
    <Autocomplete<TaskPerson>
      options={people}
      value={chosen}
      size={size}
      getOptionLabel={(p) => p.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, picked) => onChange(picked?.id ?? null)}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
