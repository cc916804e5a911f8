import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import type { AnsweredQuestion } from './answers.ts';

/** The questions and answers as a Word document: the template's name, then each question with its answer. */
export async function qaDocx(templateName: string, rows: readonly AnsweredQuestion[], when: string): Promise<Buffer> {
  const children: Paragraph[] = [
    new Paragraph({ text: `${templateName}: questions and answers`, heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun({ text: `Exported ${when}`, italics: true })] }),
  ];
  let category = '';
  for (const row of rows) {
    if (row.depth === 0 && row.categoryName && row.categoryName !== category) {
      category = row.categoryName;
      children.push(new Paragraph({ text: category, heading: HeadingLevel.HEADING_2 }));
    }
    const indent = { left: 360 * row.depth };
    children.push(new Paragraph({ indent, children: [new TextRun({ text: row.question.question_text, bold: true })] }));
    for (const line of row.answerText.split('\n'))
      children.push(new Paragraph({ indent, children: [new TextRun(line)] }));
  }
  const document = new Document({ creator: 'Lexdesk', title: `${templateName} Q&A`, sections: [{ children }] });
  return Packer.toBuffer(document);
}

/** The questions and answers as a spreadsheet: Category, Question, Answer, Level. */
export async function qaXlsx(templateName: string, rows: readonly AnsweredQuestion[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lexdesk';
  const sheet = workbook.addWorksheet('Questions and answers');
  sheet.columns = [
    { header: 'Category', key: 'category', width: 28 },
    { header: 'Question', key: 'question', width: 60 },
    { header: 'Answer', key: 'answer', width: 60 },
    { header: 'Level', key: 'level', width: 8 },
  ];
  sheet.getRow(1).font = { bold: true };
  let category = '';
  for (const row of rows) {
    if (row.depth === 0) category = row.categoryName;
    sheet.addRow({ category, question: row.question.question_text, answer: row.answerText, level: row.depth });
  }
  sheet.getColumn('answer').alignment = { wrapText: true, vertical: 'top' };
  sheet.getColumn('question').alignment = { wrapText: true, vertical: 'top' };
  workbook.title = `${templateName} Q&A`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
