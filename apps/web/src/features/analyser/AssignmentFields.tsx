import { conceptMessages as M } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/queryKeys.ts';
import { useRequiredSession } from '../../app/session/useSession.ts';
import { fetchOrganisations, fetchOwnOrganisation, fetchPickerUsers } from './api.ts';
import type { DraftMode } from './draftSet.ts';

interface AssignmentFieldsProps {
  mode: DraftMode;
  organisations: number[];
  users: number[];
  assignAll: boolean;
  locks: { organisations: boolean; users: boolean };
  onOrganisations: (ids: number[]) => void;
  onUsers: (ids: number[]) => void;
  onAssignAll: (all: boolean) => void;
}

/**
 * Organisation and user pickers (active users only; a non-super user has only their own organisation, chosen and
 * locked) and the super user's assign-to-all, which also picks their own organisation and user (spec 03 §5, §6).
 */
export function AssignmentFields(props: AssignmentFieldsProps) {
  const { mode, organisations, users, assignAll, locks, onOrganisations, onUsers, onAssignAll } = props;
  const session = useRequiredSession();
  const superUser = session.role === 'super';
  // The pickers are staff calls: a plain user (read-only view) is not shown them at all.
  const staff = superUser || session.role === 'admin';
  const orgOptions = useQuery({
    queryKey: queryKeys.analyser.organisations,
    queryFn: fetchOrganisations,
    enabled: staff,
  });
  const ownOrganisation = useQuery({
    queryKey: queryKeys.analyser.ownOrganisation,
    queryFn: fetchOwnOrganisation,
    enabled: staff,
  });
  const userOptions = useQuery({
    queryKey: queryKeys.analyser.users(organisations),
    queryFn: () => fetchPickerUsers(organisations),
    enabled: staff && organisations.length > 0,
  });
  const orgs = orgOptions.data?.data ?? [];
  const people = (userOptions.data?.data ?? []).filter((user) => user.is_active);
  const own = ownOrganisation.data;
  // A non-super user's organisation is their own: chosen for them on a new list.
  useEffect(() => {
    if (!superUser && mode === 'create' && own && organisations.length === 0) onOrganisations([own.value]);
  }, [superUser, mode, own, organisations.length, onOrganisations]);

  const tickAll = (checked: boolean) => {
    onAssignAll(checked);
    if (!checked || !own) return;
    if (!organisations.includes(own.value)) onOrganisations([...organisations, own.value]);
    if (!users.includes(session.userId)) onUsers([...users, session.userId]);
  };
  if (!staff) return null;
  const chosenOrgs = orgs.filter((org) => organisations.includes(org.value));
  const chosenUsers = people.filter((user) => users.includes(user.value));
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={orgs}
        value={chosenOrgs}
        disabled={locks.organisations || !superUser}
        slotProps={lockedChips(locks.organisations || !superUser)}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_event, chosen) => {
          const ids = chosen.map((org) => org.value);
          onOrganisations(ids);
          const kept = new Set(people.filter((user) => ids.includes(user.organisation)).map((user) => user.value));
          onUsers(users.filter((id) => kept.has(id)));
        }}
        renderInput={(params) => <TextField {...params} label="Organisation" />}
      />
      <Autocomplete
        multiple
        disableCloseOnSelect
        options={people}
        value={chosenUsers}
        disabled={locks.users}
        slotProps={lockedChips(locks.users)}
        getOptionLabel={(option) => option.label}
        isOptionEqualToValue={(a, b) => a.value === b.value}
        onChange={(_event, chosen) => onUsers(chosen.map((user) => user.value))}
        noOptionsText={organisations.length === 0 ? M.selectOrganisation : 'No active users'}
        renderInput={(params) => <TextField {...params} label="User" />}
      />
      {superUser && mode !== 'head' && (
        <FormControlLabel
          sx={{ gridColumn: '1 / -1' }}
          control={
            <Checkbox
              checked={assignAll}
              onChange={(event) => tickAll(event.target.checked)}
              disabled={mode === 'view'}
            />
          }
          label="Assign to all organisations and users (now and in future)"
        />
      )}
    </Box>
  );
}

/** A locked picker's chips show no remove button (it would do nothing). */
const lockedChips = (locked: boolean) =>
  locked ? { chip: { sx: { '& .MuiChip-deleteIcon': { display: 'none' } } } } : {};
