import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ListPage } from '../ui/ListPage.tsx';
import { fetchRuleOrganisations, kbKeys } from './api.ts';
import { EffectiveAccess } from './EffectiveAccess.tsx';
import { useMe } from './me.ts';
import { RulesEditor } from './RulesEditor.tsx';

/**
 * Admins: the organisation's rules per node (inherited down the tree) and why a user can or cannot see a node.
 * The provider's curator also picks another organisation, to share shared domains with it.
 */
export function AccessPage() {
  const me = useMe();
  useEffect(() => {
    document.title = 'Access · Knowledge';
  }, []);
  const organisations = useQuery({
    queryKey: kbKeys.ruleOrganisations,
    queryFn: ({ signal }) => fetchRuleOrganisations(signal),
    enabled: me.can_curate_shared,
  });
  const [organisationId, setOrganisationId] = useState(me.organisation_id);
  const other = organisationId === me.organisation_id ? undefined : organisationId;
  const choices = organisations.data?.data ?? [];
  return (
    <ListPage
      maxWidth={1100}
      title="Access"
      intro="A rule on a node holds for everything below it, and a restriction is never lifted further down. Restricted nodes are seen only by users with the restricted-data flag."
      gap={4}
    >
      {choices.length > 1 && (
        <TextField
          select
          label="Organisation"
          value={organisationId}
          onChange={(event) => setOrganisationId(Number(event.target.value))}
          helperText="Another organisation's rules: allow a shared domain for it, or restrict what lies below one."
          sx={{ maxWidth: 480 }}
        >
          {choices.map((organisation) => (
            <MenuItem key={organisation.id} value={organisation.id}>
              {organisation.id === me.organisation_id ? `${organisation.name} (yours)` : organisation.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <RulesEditor key={organisationId} organisationId={other} />
      {other === undefined ? (
        <EffectiveAccess />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Effective access explains your own organisation&apos;s users: choose it above to use it.
        </Typography>
      )}
    </ListPage>
  );
}
