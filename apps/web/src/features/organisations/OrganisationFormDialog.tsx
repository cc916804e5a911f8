import {
  MODULE_FLAGS,
  organisationBody,
  PLAN_DURATIONS,
  PLAN_NAMES,
  type ModuleFlags,
  type OrganisationBody,
  type OrganisationItem,
  type PlanName,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { createOrganisation, updateOrganisation } from './api.ts';
import { ModuleFlagsField } from './ModuleFlagsField.tsx';
import { useSaveForm } from './useSaveForm.ts';
import { organisationMessages } from '@lexdesk/contract';

const ALL_ON = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;

interface FormState {
  name: string;
  plan_name: PlanName;
  duration: string;
  user_limit: string;
  contact_email: string;
  contact_phone: string;
  modules: ModuleFlags;
}

function initialState(organisation: OrganisationItem | null): FormState {
  if (!organisation) {
    return {
      name: '',
      plan_name: 'Associate',
      duration: '6',
      user_limit: '1',
      contact_email: '',
      contact_phone: '',
      modules: ALL_ON,
    };
  }
  return {
    name: organisation.name,
    plan_name: organisation.plan_name,
    duration: organisation.duration === null ? '' : String(organisation.duration),
    user_limit: String(organisation.user_limit),
    contact_email: organisation.contact_email,
    contact_phone: organisation.contact_phone,
    modules: organisation.modules,
  };
}

function bodyOf(state: FormState): OrganisationBody {
  return { ...state, duration: state.duration === '' ? null : Number(state.duration) };
}

/** Create or edit an organisation: name, plan and duration, user limit, contact, module defaults. */
export function OrganisationFormDialog({
  organisation,
  open,
  onClose,
}: {
  /** null: create. */
  organisation: OrganisationItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const form = useSaveForm({
    initial: () => initialState(organisation),
    bodyOf,
    schema: organisationBody,
    save: (body: OrganisationBody) =>
      organisation ? updateOrganisation(organisation.id, body) : createOrganisation(body),
    savedMessage: organisation ? organisationMessages.saved : organisationMessages.created,
    queryKey: queryKeys.organisationsAll,
    onClose,
  });
  const { state, setState, set, field, errors } = form;
  const durations = PLAN_DURATIONS[state.plan_name];
  return (
    <FormDialog
      open={open}
      title={organisation ? 'Edit organisation' : 'Create organisation'}
      submitLabel={organisation ? 'Save' : 'Create'}
      save={form}
      onClose={onClose}
    >
      <TextField label="Organization name" required {...field('name')} sx={{ gridColumn: '1 / -1' }} autoFocus />
      <TextField
        select
        label="Plan"
        value={state.plan_name}
        onChange={(e) => {
          const plan = e.target.value as PlanName;
          const first = PLAN_DURATIONS[plan][0];
          setState((s) => ({ ...s, plan_name: plan, duration: first === undefined ? '' : String(first) }));
        }}
      >
        {PLAN_NAMES.map((plan) => (
          <MenuItem key={plan} value={plan}>
            {plan}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Duration"
        {...field('duration')}
        disabled={durations.length === 0}
        helperText={errors.duration ?? (durations.length === 0 ? 'No fixed duration' : undefined)}
      >
        {durations.length === 0 && <MenuItem value="">None</MenuItem>}
        {durations.map((months) => (
          <MenuItem key={months} value={String(months)}>
            {months} months
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="User limit"
        required
        {...field('user_limit')}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
      <TextField label="Contact email" type="email" {...field('contact_email')} />
      <TextField label="Contact phone" {...field('contact_phone')} />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ModuleFlagsField
          label="Module defaults"
          value={state.modules}
          onChange={(modules) => set('modules', modules)}
        />
      </Box>
    </FormDialog>
  );
}
