import { KNOWLEDGE_LIMITS as L } from './limits.ts';

/** Every user-visible message of Knowledge: spec 01 §6 and spec 03 §8 say what they are about; the words are ours. */
export const knowledgeMessages = {
  // Licence and data access (spec 01 §6, spec 03 §8)
  noLicence: 'Your licence does not include Knowledge. Please contact the provider to upgrade.',
  notAuthorised: 'You are not authorised to use Knowledge. Please ask your administrator for a knowledge role.',
  // A restricted item answers exactly like a missing one (issue 29): no 'permission disabled' text confirms it.
  instanceNotPresent: 'No knowledge article is present for this term.',
  linkExpired: 'This link has expired. Please open Knowledge again from Lexdesk.',
  editConflict: 'Someone else saved this article while you were editing. Reload it to see their changes.',
  // Ours (docs/knowledge.md)
  codeRequired: 'This link has expired. Please open Knowledge again from Lexdesk.',
  titleRequired: 'Please enter a title',
  titleTooLong: `The title can have at most ${L.title} characters`,
  titleExists: 'Another node here already has this title',
  bodyTooLong: 'The article is too long',
  keywordTooLong: `A keyword can have at most ${L.keyword} characters`,
  tooManyKeywords: `An article can have at most ${L.keywordsPerNode} keywords`,
  parentRequired: 'Please choose where the new node goes',
  wrongParent: 'A domain is at the top; a class goes under a domain or a class; an article goes under a class',
  tooDeep: `Classes can be nested at most ${L.depth} deep`,
  bodyOnlyForArticles: 'Only an article has a body and keywords',
  notEmpty: 'Delete or move what is inside first',
  sharedReadOnly: 'A shared domain is curated by the provider',
  created: (kind: string) => `${kind} created`,
  articleSaved: 'Article saved',
  nodeRenamed: 'Saved',
  nodeDeleted: 'Deleted',
  revisionRestored: (revision: number) => `Revision ${revision} restored as a new revision`,
  attachmentAdded: 'Attachment uploaded',
  attachmentDeleted: 'Attachment deleted',
  attachmentType: 'Only .docx, .pdf and .txt files can be attached',
  attachmentTooLarge: 'The file is larger than 25 MB',
  tooManyAttachments: `An article can have at most ${L.attachmentsPerNode} attachments`,
  attachmentsOnlyOnArticles: 'Attachments belong to articles',
  searchKeyRequired: 'Please enter a word to search for',
  termRequired: 'Please give a term or a concept head',
  rulesSaved: 'Access rules saved',
  allowedOnlyShared: 'Only a shared domain can be allowed for an organisation',
  allowedOnlySuper: 'Only the provider can share a domain with an organisation',
  unknownNode: 'Please choose nodes from the tree',
  duplicateRule: 'Give each node one rule',
  apiKeyNameRequired: 'Please enter a name for the key',
  apiKeyNameTooLong: `The name can have at most ${L.apiKeyName} characters`,
  apiKeyExpiryRange: `Choose a whole number of days from 1 to ${L.apiKeyMaxDays}`,
  apiKeyCreated: 'API key created. Copy it now: it is not shown again.',
  apiKeyRevoked: 'API key revoked',
  apiKeyInvalid: 'This API key is not valid',
  signedOut: 'Signed out of Knowledge',
} as const;

/** The knowledge role's label for people (the "editor" is our contributor). */
export const KNOWLEDGE_ROLE_LABELS = { reader: 'Reader', contributor: 'Contributor', manager: 'Manager' } as const;
