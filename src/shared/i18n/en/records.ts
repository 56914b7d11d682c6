/** Customer records and data rights: intake questions, erasure, "Download my data" and the CSV import screens. */
export const records = {
  // Intake questions, in the service dialog
  'records.questionsTitle': 'Questions for the customer',
  'records.questionsText':
    'Asked when the service is booked (at most {max}), in English and, where you give them, in Spanish words to customers booking in Spanish. Editing them later leaves the answers already given as they were.',
  'records.questionLabel': 'Question {n}',
  'records.questionKind': 'Answer to question {n}',
  'records.kindText': 'Text',
  'records.kindChoice': 'Choice',
  'records.kindCheckbox': 'Checkbox',
  'records.questionOptions': 'Options of question {n} (separated by commas)',
  'records.questionOptionsPlaceholder': 'Dry, Oily, Combination',
  'records.questionLabelSpanish': 'Question {n} in Spanish (optional)',
  'records.questionOptionsSpanish': 'Options of question {n} in Spanish, in the same order (optional)',
  'records.questionOptionsSpanishPlaceholder': 'Seca, Grasa, Mixta',
  'records.questionRequired': 'Question {n} must be answered',
  'records.removeQuestion': 'Remove question {n}',
  'records.addQuestion': 'Add a question',
  // Intake questions, on the booking pages and with the answers
  'records.bookingQuestions': 'A few questions before your visit',
  'records.requiredMark': '(required)',
  'records.chooseOne': 'Choose one',
  'records.yes': 'Yes',
  'records.no': 'No',
  // Erasing a customer, on the customer record
  'records.eraseTitle': 'Erase this customer',
  'records.eraseText':
    'Cancels their future appointments, deletes their chats and waitlist entries, and keeps their orders as "Deleted customer".',
  'records.eraseButton': 'Erase customer',
  'records.eraseConfirmTitle': 'Erase this customer?',
  'records.eraseConfirmText': "Everything personal about {name} is removed. This can't be undone.",
  'records.erased': 'Customer erased',
  'records.eraseFailed': 'The customer could not be erased',
  // Data rights, on the profile
  'records.yourData': 'Your data',
  'records.yourDataText':
    'Download everything we hold about you, or delete your account: your future appointments are cancelled and your orders are kept for our books without your name.',
  'records.downloadData': 'Download my data',
  'records.deleteAccount': 'Delete my account',
  'records.deleteText': "This can't be undone. You can sign up again later with the same e-mail, as a new customer.",
  'records.typeDelete': 'Type {word} to confirm',
  'records.deleteForever': 'Delete my account for good',
  'records.deleteFailed': 'Your account could not be deleted',
  // CSV imports
  'records.importCsv': 'Import CSV',
  'records.importTitle': 'Import {kind} from CSV',
  'records.importText':
    'Choose a CSV file with a header row. It is checked first; nothing is written until every line is right, and then all of it is.',
  'records.importFile': 'CSV file',
  'records.checkFile': 'Check the file',
  'records.checking': 'Checking…',
  'records.importErrors':
    '{count, plural, one {# error: nothing will be imported} other {# errors: nothing will be imported}}',
  'records.line': 'Line',
  'records.column': 'Column',
  'records.problem': 'Problem',
  'records.previewOk': 'The file is right: {created} to add, {updated} to update.',
  'records.importAll': 'Import all',
  'records.importing': 'Importing…',
  'records.imported': 'Imported: {created} added, {updated} updated',
  'records.importFailed': 'The file could not be imported',
} as const;
