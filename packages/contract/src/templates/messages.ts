/** Every user-visible message of templates and their execution (spec 02 §5, §8 verbatim; the rest designed). */
export const templateMessages = {
  // §5 / §8, verbatim
  answerOne: 'Please answer at least one question',
  documentNameEmpty: 'Document name can not be empty',
  selectCase: 'Please select case from the dropdown',
  downloaded: 'Download successfully',
  assignedToCase: 'Document assigned to case in Docx format successfully',
  executeFailed: 'Failed to execute template. Please try again',
  noRecords: 'No records found',
  // Designed (spec silent)
  fileRequired: 'Please choose a Word document (.docx) to upload.',
  fileTooLarge: 'The document is larger than 20 MB. Please upload a smaller file.',
  nameRequired: 'Please enter a template name.',
  nameTooLong: 'Template name can have at most 200 characters.',
  descriptionTooLong: 'Template description can have at most 2000 characters.',
  documentNameTooLong: 'Document name can have at most 200 characters.',
  templateUploaded: 'Template uploaded successfully',
  templateReplaced: 'Template document replaced successfully',
  templateUpdated: 'Template updated successfully',
  templateDeleted: 'Template deleted successfully',
  templateAssigned: 'Template assigned successfully',
  categoryUpdated: 'Category updated successfully',
  historyDeleted: 'History deleted successfully',
  linkCopied: 'Link copied to clipboard',
  noActiveCategories: 'This template has no active category with questions yet.',
  unknownQuestion: 'An answer refers to a question that is not part of this template. Please reload the page.',
  unknownOption: 'An answer refers to an option that no longer exists. Please reload the page.',
  /** Followed by ': ' and the question's text. */
  oneAnswerOnly: 'This question takes one answer, but several options were chosen',
  caseModuleOff: 'Assigning documents to cases needs the Case module.',
  caseNotFound: 'One of the chosen cases no longer exists. Please pick again.',
  documentNotFound: 'This generated document no longer exists. Please submit the template again.',
  draftSaved: 'Draft saved',
  draftStale:
    'These answers belong to a document that has already been generated, so they were not saved as a draft. Reload the template to start again.',
  draftDiscarded: 'Draft discarded',
  discardDraftDetail: 'Your answers are kept as a draft until you discard them.',
  userNotInOrganisation: 'One of the chosen users is not in this organisation.',
  // Repeating groups (issue 30)
  tooManyGroupItems: 'A repeating group can have at most 100 items.',
  tooManyGroupFields: 'An item of a repeating group can have at most 20 fields.',
  unknownGroupField: 'An item names a field its repeating group does not have. Reload the template and try again.',
  // Exports (super)
  exported: 'Export created successfully',
  imported: 'Package imported successfully',
  packageInvalid: 'This file is not a Lexdesk template package (.zip).',
  packageTooLarge:
    'This package expands to far more than its size and was refused as unsafe. Export it again from Lexdesk.',
  chooseOrganisation: 'Please choose the organisation to import into.',
  chooseCategories: 'Please choose at least one questionnaire category to export.',
} as const;

/** Limits of this area (spec silent; chosen here). */
export const TEMPLATE_LIMITS = {
  name: 200,
  description: 2000,
  documentName: 200,
  fileBytes: 20 * 1024 * 1024,
  packageBytes: 50 * 1024 * 1024,
  /** Category labels in the execution screen are cut here with an ellipsis (spec 02 §9: value not shown). */
  categoryLabel: 28,
  draftAnswers: 2000,
  shortAnswer: 100_000,
} as const;

/** The download dialog closes this long after completion (spec 02 §9). */
export const DOWNLOAD_CLOSE_MS = 1_000;
export const QUESTIONS_PER_PAGE = 5;
/** Case dropdown: page 1, limit 100 (spec 02 §9). */
export const CASE_PICKER_LIMIT = 100;
