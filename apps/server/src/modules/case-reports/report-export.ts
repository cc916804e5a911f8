import { ANSWER_TYPE_LABELS, type CaseReportDetail } from '@lexdesk/contract';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import ExcelJS from 'exceljs';

function answerText(answer: CaseReportDetail['answers'][number]): string {
  return answer.answer === '' ? '—' : answer.answer;
}

const stamp = (iso: string) => iso.replace('T', ' ').slice(0, 16) + ' UTC';

/** The report as a Word document: title, case, who and when, then one row per question and answer. */
export async function reportDocx(report: CaseReportDetail): Promise<Buffer> {
  const cell = (text: string, bold = false) =>
    new TableCell({
      children: text.split('\n').map((line) => new Paragraph({ children: [new TextRun({ text: line, bold })] })),
    });
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: [cell('Question', true), cell('Answer', true)] }),
      ...report.answers.map((answer) => new TableRow({ children: [cell(answer.question), cell(answerText(answer))] })),
    ],
  });
  const document = new Document({
    creator: 'Lexdesk',
    title: `Case report — ${report.case_title}`,
    sections: [
      {
        children: [
          new Paragraph({ text: 'Case report', heading: HeadingLevel.TITLE }),
          new Paragraph({ children: [new TextRun({ text: 'Case: ', bold: true }), new TextRun(report.case_title)] }),
          new Paragraph({
            children: [new TextRun({ text: 'Answered: ', bold: true }), new TextRun(stamp(report.created_at))],
          }),
          new Paragraph({
            children: [new TextRun({ text: 'By: ', bold: true }), new TextRun(report.created_by ?? 'Former user')],
          }),
          new Paragraph({ text: '' }),
          table,
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

/** The report as a spreadsheet: a header block, then Question, Type and Answer columns. */
export async function reportXlsx(report: CaseReportDetail): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lexdesk';
  const sheet = workbook.addWorksheet('Report');
  sheet.columns = [{ width: 50 }, { width: 16 }, { width: 70 }];
  sheet.addRow(['Case report']).font = { bold: true, size: 14 };
  sheet.addRow(['Case', report.case_title]);
  sheet.addRow(['Answered', stamp(report.created_at)]);
  sheet.addRow(['By', report.created_by ?? 'Former user']);
  sheet.addRow([]);
  sheet.addRow(['Question', 'Type', 'Answer']).font = { bold: true };
  for (const answer of report.answers) {
    const row = sheet.addRow([answer.question, ANSWER_TYPE_LABELS[answer.answer_type], answerText(answer)]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
