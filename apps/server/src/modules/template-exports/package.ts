import {
  documentMessages,
  PACKAGE_FORMAT,
  questionInput,
  templateMessages as M,
  type QuestionInput,
  type QuestionView,
} from '@lexdesk/contract';
import PizZip from 'pizzip';
import { z } from 'zod';
import { badRequest } from '../../platform/errors/http-error.ts';
import { checkZipInflationInWorker, isZipBomb } from '../../platform/extraction/zip-inflate.ts';
import { ParseLimitError, ParseTaskError, type ParseLimits } from '../../platform/parsing/parse-pool.ts';
import type { WorkRequester } from '../../platform/queues/fair-queue.ts';

/** What a package holds: questionnaires by category name, and templates with their .docx. */
export interface PackageContent {
  scope: 'template' | 'questionnaires';
  questionnaires: { category_name: string; form: QuestionInput[] }[];
  templates: { name: string; description: string; file_name: string; data: Buffer }[];
}

const manifest = z.object({
  format: z.literal(PACKAGE_FORMAT),
  version: z.literal(1),
  scope: z.enum(['template', 'questionnaires']),
  exported_at: z.string(),
  questionnaires: z
    .array(z.object({ category_name: z.string().min(1).max(254), form: z.array(z.unknown()).max(200) }))
    .max(500),
  templates: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        description: z.string().max(2000),
        file_name: z.string().max(255),
        path: z.string(),
      }),
    )
    .max(50),
});

/**
 * A question as the builder would send it again. A branch that reused another drafted question ('edit')
 * becomes a 'new' branch holding a copy: ids of the source organisation mean nothing elsewhere.
 */
export function toInput(view: QuestionView): QuestionInput {
  return {
    question_id: null,
    question_type: view.question_type,
    question_text: view.question_text,
    description: view.description,
    is_conditional: view.is_conditional,
    yesList: view.yesList,
    noList: view.noList,
    associated_tag: view.associated_tag,
    values: view.values.map(({ option, value }) => ({ option, value })),
    multiple_answers: view.multiple_answers,
    fields: view.fields,
    showData: view.showData.map((branch) => ({
      selectedOption: branch.selectedOption,
      selectedCategory: null,
      selectedQuestion: null,
      selectedType: branch.selectedType ?? branch.listForm[0]?.question_type ?? null,
      type: 'new' as const,
      listForm: branch.listForm.map(toInput),
    })),
  };
}

/** A zip: manifest.json, and templates/N.docx. */
export function buildPackage(content: PackageContent, exportedAt: string): Buffer {
  const zip = new PizZip();
  const templates = content.templates.map((template, index) => {
    const path = `templates/${index + 1}.docx`;
    zip.file(path, template.data);
    return { name: template.name, description: template.description, file_name: template.file_name, path };
  });
  zip.file(
    'manifest.json',
    JSON.stringify(
      {
        format: PACKAGE_FORMAT,
        version: 1,
        scope: content.scope,
        exported_at: exportedAt,
        questionnaires: content.questionnaires,
        templates,
      },
      null,
      2,
    ),
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}

/** Reads a package; 400 with a clear message for anything else (the questionnaires are validated on import). */
export async function parsePackage(
  data: Buffer,
  parseLimits: ParseLimits,
  who: WorkRequester,
): Promise<PackageContent> {
  const invalid = () => badRequest(M.packageInvalid, { file: M.packageInvalid });
  let zip: PizZip;
  try {
    // Unpacked and counted (on a parsing worker) before PizZip inflates it: a zip bomb is refused
    // whatever sizes its directory declares.
    await checkZipInflationInWorker(parseLimits, who, data);
  } catch (error) {
    if (isZipBomb(error)) throw badRequest(M.packageTooLarge, { file: M.packageTooLarge });
    if (error instanceof ParseLimitError)
      throw badRequest(documentMessages.tooComplex, { file: documentMessages.tooComplex });
    if (error instanceof ParseTaskError) throw invalid();
    throw error;
  }
  try {
    zip = new PizZip(data);
  } catch {
    throw invalid();
  }
  let parsed: z.infer<typeof manifest>;
  try {
    parsed = manifest.parse(JSON.parse(zip.file('manifest.json')?.asText() ?? ''));
  } catch {
    throw invalid();
  }
  const templates = parsed.templates.map((t) => {
    const file = zip.file(t.path);
    if (!file) throw invalid();
    return { name: t.name, description: t.description, file_name: t.file_name, data: Buffer.from(file.asUint8Array()) };
  });
  const forms = z.array(questionInput);
  const questionnaires = parsed.questionnaires.map((q) => {
    const form = forms.safeParse(q.form.map(withAnswerMode));
    if (!form.success) throw invalid();
    return { category_name: q.category_name, form: form.data };
  });
  return { scope: parsed.scope, questionnaires, templates };
}

/**
 * Packages exported before Multiple Choice had an answer mode carry no `multiple_answers`: their questions
 * let the user tick several options, so they come back that way (the builder's default would be one).
 */
function withAnswerMode(question: unknown): unknown {
  if (!question || typeof question !== 'object') return question;
  const q = question as Record<string, unknown>;
  const showData = Array.isArray(q.showData)
    ? q.showData.map((branch: unknown) =>
        branch && typeof branch === 'object' && Array.isArray((branch as { listForm?: unknown }).listForm)
          ? { ...branch, listForm: (branch as { listForm: unknown[] }).listForm.map(withAnswerMode) }
          : branch,
      )
    : q.showData;
  return { ...q, multiple_answers: q.multiple_answers ?? q.question_type === 'Multiple', showData };
}
