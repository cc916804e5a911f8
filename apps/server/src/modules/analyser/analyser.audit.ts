import { mergeVocabularies, namesFrom, thingEvents } from '../../platform/audit/audit-sentences.ts';

/** How the analyser's events read in the audit log: lists and heads by today's name. */
export const analyserAuditVocabulary = mergeVocabularies([
  thingEvents(
    'concept_list',
    'concept list',
    {
      created: 'created',
      updated: 'edited',
      deleted: 'deleted',
      removed: "removed from the organisation's repository",
      forked: "made the organisation's own copy of",
      copied_into: 'copied concept heads into',
      imported: 'imported',
    },
    namesFrom('concept_lists', 'name'),
  ),
  thingEvents(
    'concept_head',
    'concept head',
    {
      updated: 'edited',
      'clause.saved': 'saved a clause of',
      'clause.deleted': 'deleted a clause of',
      'scope.saved': 'saved an out-of-scope item of',
      'scope.deleted': 'deleted an out-of-scope item of',
      'rule.saved': 'saved a rule of',
      'rule.deleted': 'deleted a rule of',
      'amendment.added': 'added an amendment to',
      'amendment.updated': 'edited an amendment of',
      'amendment.deleted': 'deleted an amendment of',
      'feedback.deleted': 'deleted a vote in the response log of',
      'feedback.added': 'voted on a hit of',
    },
    namesFrom('concept_heads', 'head'),
  ),
  // A saved review reads by the name of the list it ran.
  thingEvents(
    'review_search',
    'review search of',
    { created: 'saved', deleted: 'deleted a saved' },
    namesFrom('analyser_saved_searches', 'concept_list_name'),
  ),
]);
