import { deleteOrganisationRows } from '../../db/organisation-data.ts';
import { removeOrganisationFromIndex } from '../search/search.service.ts';
import { defineModule } from './module.ts';

/**
 * The platform's own organisation-scoped tables. The audit trail and the outbox have no foreign key to the
 * organisation (they outlive a deleted user), so an organisation's events and messages, which name its
 * clients and people, are deleted with it. Jobs go by foreign key; the search index with its sources.
 */
export const platformData = defineModule({
  name: 'platform',
  data: {
    tables: ['audit_events', 'outbox', 'jobs', 'search_sources'],
    async organisationDeleted(tx, organisationId) {
      await deleteOrganisationRows(tx.db, 'audit_events', organisationId);
      await deleteOrganisationRows(tx.db, 'outbox', organisationId);
      // Whatever any module indexed (its rows would cascade, but the vocabulary's counts must come down).
      await removeOrganisationFromIndex(tx, organisationId);
      return [];
    },
  },
});
