/** User-visible messages of the case records (emails, reports, alerts, history, dashboard). */
export const caseEmailMessages = {
  fileRequired: 'Please choose an .eml or .msg file to import.',
  fileType: 'Only .eml and .msg email files can be imported.',
  unreadable: 'This file could not be read as an email. Please check that it is a valid .eml or .msg file.',
  tooComplex:
    'This email is too complex to read safely (it took too long or needed too much memory) and was not imported. Save it again from your mail program, or import it without its largest attachments.',
  tooLarge: (mb: number) => `The email is too large. The limit is ${mb} MB.`,
  imported: 'Email imported successfully',
  movedToBin: 'Email moved to the recycle bin',
  restored: 'Email restored successfully',
  deletedForGood: 'Email deleted successfully',
  notInBin: 'This email is not in the recycle bin.',
  inBin: 'This email is in the recycle bin. Restore it first.',
} as const;

export const reportMessages = {
  questionRequired: 'Question cannot be empty.',
  questionTooLong: (max: number) => `Question should have upto ${max} characters only.`,
  answerTypeRequired: 'Please select an answer type.',
  questionSaved: 'Question saved successfully',
  questionDuplicate: 'This question already exists.',
  caseRequired: 'Please select a case.',
  answersRequired: 'Please answer at least one question.',
  answerTooLong: (max: number) => `Answer should have upto ${max} characters only.`,
  answerYesNo: 'Please answer Yes or No.',
  answerDate: 'Please enter a valid date.',
  unknownQuestion: 'One of the questions no longer exists. Please reload the page.',
  duplicateAnswer: 'Each question can be answered only once in a report.',
  reportSaved: 'Report saved successfully',
  noQuestions: 'There are no report questions yet. An admin adds them under Case Reports.',
} as const;

export const alertMessages = {
  caseRequired: 'Please select a case.',
  alertTypeRequired: 'Please select an alert type.',
  dueDateRequired: 'Please enter a due date.',
  dueDateInvalid: 'Please enter a valid due date.',
  commentRequired: 'Comment cannot be empty.',
  commentTooLong: (max: number) => `Comment should have upto ${max} characters only.`,
  documentNotInCase: 'Linked documents must belong to the selected case.',
  saved: 'Alert saved successfully',
  commentAdded: 'Comment added successfully',
  attentionTitle: 'Attention required!',
} as const;
