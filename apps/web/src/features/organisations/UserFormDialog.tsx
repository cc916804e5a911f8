import {
  KNOWLEDGE_ROLES,
  MODULE_FLAGS,
  USER_GRANT_LABELS,
  userAdminMessages,
  userInviteBody,
  userUpdateBody,
  type KnowledgeRole,
  type ManagedUser,
  type ModuleFlags,
  type Role,
  type UserInviteBody,
} from '@lexdesk/contract';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { fetchOrganisations } from '../admin/index.ts';
import { inviteUser, updateUser } from './api.ts';
import { ModuleFlagsField } from './ModuleFlagsField.tsx';
import { useSaveForm } from './useSaveForm.ts';

const DEFAULT_MODULES = Object.fromEntries(MODULE_FLAGS.map((flag) => [flag, true])) as ModuleFlags;
const ROLE_LABELS: Record<Role, string> = { super: 'Super user', admin: 'Admin', user: 'User' };
const KNOWLEDGE_LABELS: Record<KnowledgeRole, string> = {
  reader: 'Reader',
  contributor: 'Contributor',
  manager: 'Manager',
};

interface FormState {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  role: Role;
  org_id: number | '';
  modules: ModuleFlags;
  knowledge_role: KnowledgeRole | '';
  knowledge_data_permission: boolean;
  billing_permission: boolean;
}

function initialState(user: ManagedUser | null): FormState {
  if (!user) {
    return {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      role: 'user',
      org_id: '',
      modules: DEFAULT_MODULES,
      knowledge_role: '',
      knowledge_data_permission: false,
      billing_permission: false,
    };
  }
  return { ...user, org_id: user.organisation_id, knowledge_role: user.knowledge_role ?? '' };
}

function bodyOf(state: FormState): UserInviteBody {
  const { org_id: orgId, ...rest } = state;
  return { ...rest, knowledge_role: state.knowledge_role || null, ...(orgId === '' ? {} : { org_id: orgId }) };
}

/** Invite a user (they get a set-password link) or edit one: name, phone, role, module flags, knowledge. */
export function UserFormDialog({
  user,
  actorRole,
  onClose,
}: {
  /** null: invite. */
  user: ManagedUser | null;
  actorRole: Role;
  onClose: () => void;
}) {
  const isSuper = actorRole === 'super';
  const organisations = useQuery({
    queryKey: queryKeys.organisations,
    queryFn: ({ signal }) => fetchOrganisations(signal),
    enabled: isSuper && !user,
  });
  const form = useSaveForm({
    initial: () => initialState(user),
    bodyOf,
    schema: user ? userUpdateBody : userInviteBody,
    save: (body: UserInviteBody) => (user ? updateUser(user.id, body) : inviteUser(body)),
    savedMessage: user ? userAdminMessages.saved : userAdminMessages.invited,
    queryKey: queryKeys.managedUsersAll,
    onClose,
  });
  const { state, set, field, errors } = form;
  const roles: Role[] = isSuper ? ['user', 'admin', 'super'] : ['user', 'admin'];
  return (
    <FormDialog
      title={user ? 'Edit user' : 'Invite user'}
      submitLabel={user ? 'Save' : 'Invite'}
      save={form}
      onClose={onClose}
    >
      <TextField label="First name" required {...field('first_name')} autoFocus />
      <TextField label="Last name" required {...field('last_name')} />
      <TextField
        label="Email"
        type="email"
        required={!user}
        disabled={Boolean(user)}
        {...field('email')}
        // Long addresses are common (firm domains): the whole row, so the address is not cut.
        sx={{ gridColumn: '1 / -1' }}
        helperText={errors.email ?? (user ? 'The email is the sign-in name and stays.' : undefined)}
        // The note explains the locked field: it stays readable (a disabled grey fails the contrast check).
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
      />
      <TextField label="Phone" {...field('phone')} />
      <TextField select label="Role" value={state.role} onChange={(e) => set('role', e.target.value as Role)}>
        {roles.map((role) => (
          <MenuItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </MenuItem>
        ))}
      </TextField>
      {isSuper && !user ? (
        <TextField
          select
          label="Organisation"
          value={state.org_id === '' ? '' : String(state.org_id)}
          onChange={(e) => set('org_id', e.target.value === '' ? '' : Number(e.target.value))}
          helperText="Empty: your own organisation"
        >
          <MenuItem value="">Own organisation</MenuItem>
          {(organisations.data?.data ?? []).map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Box sx={{ display: { xs: 'none', sm: 'block' } }} />
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <ModuleFlagsField label="Modules" value={state.modules} onChange={(modules) => set('modules', modules)} />
      </Box>
      <TextField
        select
        label="Knowledge role"
        value={state.knowledge_role}
        onChange={(e) => set('knowledge_role', e.target.value as KnowledgeRole | '')}
      >
        <MenuItem value="">None</MenuItem>
        {KNOWLEDGE_ROLES.map((role) => (
          <MenuItem key={role} value={role}>
            {KNOWLEDGE_LABELS[role]}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={state.knowledge_data_permission}
            onChange={(e) => set('knowledge_data_permission', e.target.checked)}
          />
        }
        label="Knowledge restricted data"
      />
      {/* Admins read the firm's billing by their role; a plain user only with this grant. */}
      {state.role === 'user' && (
        <FormControlLabel
          sx={{ gridColumn: '1 / -1' }}
          control={
            <Checkbox
              checked={state.billing_permission}
              onChange={(e) => set('billing_permission', e.target.checked)}
            />
          }
          label={USER_GRANT_LABELS.billing_permission}
        />
      )}
    </FormDialog>
  );
}
