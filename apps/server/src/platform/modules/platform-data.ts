import { deleteOrganisationRows } from '../../db/organisation-data.ts';
import { defineModule } from './module.ts';

/**
 * The platform's own organisation-scoped tables. The audit trail and the outbox have no foreign key to the
 * organisation (they outlive a deleted user), so an organisation's events and messages, which name its
 * clients and people, are deleted with it. Jobs and the search index go by foreign key or with their source.
 */
export const platformData = defineModule({
  name: 'platform',
  data: {
    tables: ['audit_events', 'outbox', 'jobs', 'search_documents'],
    async organisationDeleted(tx, organisationId) {
      await deleteOrganisationRows(tx.db, 'audit_events', organisationId);
      await deleteOrganisationRows(tx.db, 'outbox', organisationId);
      return [];
    },
  },
});
