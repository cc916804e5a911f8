import type { ClientAccount } from '@lexdesk/contract';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePickerSearch } from '../../ui/usePickerSearch.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { fetchAccounts } from './api.ts';

/** A client account as pickers hold it. */
export type AccountChoice = Pick<ClientAccount, 'id' | 'name'> & Partial<ClientAccount>;

/** One client account of the organisation, searched as typed (GET invoice/accounts/?search_key=). */
export function AccountPicker({
  value,
  onChange,
  label = 'Client',
  size,
  required,
  error,
  helperText,
}: {
  value: AccountChoice | null;
  onChange: (next: ClientAccount | null) => void;
  label?: string;
  size?: 'small' | 'medium';
  required?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const { search, onInputChange } = usePickerSearch();
  const params = { page_no: 1, limits: 50, search_key: search || undefined };
  const accounts = useQuery({
    queryKey: queryKeys.invoices.accountList(params),
    queryFn: ({ signal }) => fetchAccounts(params, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Autocomplete<AccountChoice>
      options={accounts.data?.data ?? []}
      value={value}
      loading={accounts.isFetching}
      size={size}
      getOptionLabel={(a) => a.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(all) => all}
      noOptionsText="No client accounts found"
      onInputChange={onInputChange}
      onChange={(_event, picked) => onChange((picked as ClientAccount | null) ?? null)}
      renderInput={(params) => (
        <TextField {...params} label={label} required={required} error={error} helperText={helperText} />
      )}
    />
  );
}
