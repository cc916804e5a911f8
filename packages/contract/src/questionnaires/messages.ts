/** Every user-visible message of the questionnaire builder and document types (spec 02 §5, §8), verbatim. */
export const questionnaireMessages = {
  // §5 validation
  blankQuestion: 'Question field cannot be empty',
  blankTag: 'Tag field cannot be empty',
  blankOption: 'Option field cannot be empty',
  blankQuestionAndTag: 'Question field and tag cannot be empty',
  blankQuestionAndOption: 'Question field and option cannot be empty',
  branchWithoutSelection: 'Select atleast one value from conditional dropdown',
  severalBlanks: 'Question field, option, conditional option and tag cannot be empty',
  optionTooLong: 'You are exceeding the character limit for this option. The maximum limit is 250 characters.',
  conditionalOverLimit: 'Conditional questions exceeds the limit, Please remove the extra drafted questions.',
  noCategoryForUpdate: 'Please select a category from dropdown in order to update form',
  noCategoryForAdd: 'Please select a category from dropdown in order to add questions.',
  noTypeForAdd: 'Please select a question type from dropdown in order to add questions.',
  lastBranch: 'Conditional question should have atleast one set of options',
  blankCategory: 'Category name cannot be blank (max 254 characters)',
  noCategoryChosen: 'Please select a Category from dropdown in order to edit / delete / update',
  confirmCategory: 'Is the name of the category correct?',
  // §8 success
  updated: 'Updated successfully',
  formAdded: 'New form added successfully',
  categoryAdded: 'Category added successfully',
  categoryUpdated: 'Category updated successfully',
  categoryDeleted: 'Category deleted successfully',
  // §8 failures
  somethingWrong: 'Something went wrong',
  noRecords: 'No records found',
  // Designed (spec silent): limits without a spec message, duplicates, deletes, empty forms.
  questionTooLong: 'Question text can have at most 5000 characters.',
  tagTooLong: 'Tag can have at most 254 characters.',
  tagFormat:
    'A tag uses letters, digits, _ . and - only (no spaces), as in client_name, so a template can name it as {{ client_name }}.',
  descriptionTooLong: 'This description is too long (at most 100000 characters).',
  emptyForm: 'Please add at least one question.',
  categoryExists: 'A category with this name already exists.',
  questionnaireDeleted: 'Questionnaire deleted successfully',
  categoryNotFound: 'This category no longer exists. Please pick another one.',
  questionNotFound: 'The chosen question no longer exists. Please pick another one.',
  questionNotInForm: 'A question of this form was changed elsewhere. Please reload the page.',
  // Repeating groups (issue 30): designed.
  groupNeedsFields: 'A repeating group needs at least one field, each with a label and a field name.',
  groupTooManyFields: 'A repeating group can have at most 20 fields.',
  groupFieldFormat:
    'A field name uses letters, digits and _ only, starting with a letter (as in name or date_of_birth), so a template can read it as {{ p.name }}.',
  groupFieldRepeated: 'Two fields of a repeating group have the same name.',
} as const;

export const documentTypeMessages = {
  nameRequired: 'Please add document type name.',
  invalidDescription: 'Please enter a valid description.',
  saved: 'Document type saved successfully!',
  updated: 'Document type updated successfully!',
  saveFailed: 'Failed to save document type. Please try again.',
  updateFailed: 'Failed to update document type. Please try again.',
  // Designed (spec silent).
  nameTooLong: 'Document type name can have at most 254 characters.',
  descriptionTooLong: 'Document description can have at most 2000 characters.',
  nameExists: 'A document type with this name already exists.',
} as const;
