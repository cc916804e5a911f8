/** Messages of cases and documents (spec 01 §8 where it speaks; ours, in docs/cases.md, where it is silent). */
export const caseMessages = {
  titleRequired: 'Title cannot be empty.',
  titleTooLong: 'Title must be at most 200 characters.',
  clientTooLong: 'Client must be at most 200 characters.',
  descriptionTooLong: 'Description must be at most 5000 characters.',
  statusRequired: 'Please select a status.',
  partyRequired: 'Party name cannot be empty.',
  partyTooLong: 'A party name must be at most 200 characters.',
  tooManyParties: 'A case can have at most 50 parties.',
  unknownUser: 'One of the assigned users is not a user of your organisation.',
  created: 'Case created successfully',
  updated: 'Case updated successfully',
  deleted: (title: string) => `${title} deleted successfully`,
  copied: (item: string) => `${item} copied successfully`,
  deleteConfirm: (item: string) => `Are you sure you want to delete this ${item} ?`,
  searchTooLong: 'Search text must be at most 200 characters.',
} as const;

export const documentMessages = {
  noFile: 'Please choose a file to upload.',
  empty: 'The file is empty.',
  tooLarge: (limitMb: number) => `The file is larger than the ${limitMb} MB upload limit.`,
  unsupported: 'This type of file is not supported. Upload a .docx, .pdf, .txt, .html, .eml or .msg file.',
  mismatch: (extension: string, actual: string) =>
    `The content of this file is not a .${extension} file (it looks like ${actual}). Rename it to its real type or choose another file.`,
  zipBomb: 'This .docx file expands to far more than its size and was refused as unsafe.',
  tooComplex:
    'This file is too complex to read safely (it took too long or needed too much memory) and was refused. Open it, save it again and upload it once more.',
  corrupt: (extension: string) => `This .${extension} file is damaged and cannot be read.`,
  uploaded: 'Document uploaded successfully',
  deleted: (name: string) => `${name} deleted successfully`,
  ownOnly: 'You can delete only the documents you uploaded.',
  notIndexed: 'This document has not been indexed yet.',
} as const;

/** Saved searches of a case (spec 01 §6 'save search'; the spec gives no texts, so these are ours). */
export const savedSearchMessages = {
  termsRequired: 'Please enter the words to search for.',
  termsTooLong: caseMessages.searchTooLong,
  nameTooLong: 'The name of a saved search must be at most 200 characters.',
  duplicate: 'This case already has a saved search with this name.',
  saved: 'Search saved successfully',
  deleted: (name: string) => `${name} deleted successfully`,
  ownOnly: 'You can delete only the searches you saved.',
} as const;
