import { questionnaireMessages as M, type ExecutionDetail, type ExecutionHistoryResponse } from '@lexdesk/contract';
import { expect, test } from '@playwright/test';
import { buildPrecedent } from '../../apps/server/src/modules/templates/template-fixtures.ts';
import { apiLogin, bearer, DEMO } from '../support/api.ts';
import {
  addCategory,
  addChild,
  addQuestion,
  card,
  fillMultiple,
  fillShort,
  unique,
} from '../support/questionnaires.ts';
import { apiUploadTemplate, executionQuestion as question, uniqueTag } from '../support/templates.ts';
import { expectAccessible, signInFast } from '../support/ui.ts';

test('the author asks for one answer or several; the user picks one (radios) or several (checkboxes), with follow-ups', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const prefix = uniqueTag();
  const tag = (name: string) => `${prefix}_${name}`;

  // The builder: a new Multiple Choice asks for one answer unless the author chooses several.
  await signInFast(page, DEMO.admin);
  await page.goto('/document-questionaries/add/new');
  await addCategory(page, unique('Completion'));
  await addQuestion(page, 'Multiple Choice');
  await fillMultiple(page, 'Question 1', 'Which month is completion?', [
    { option: 'March', tag: tag('month') },
    { option: 'June', tag: tag('month') },
  ]);
  const mode = (name: string) => card(page, name).getByRole('radiogroup', { name: 'The user may choose' }).first();
  await expect(mode('Question 1').getByRole('radio', { name: 'One option' })).toBeChecked();
  const followUp = await addChild(page, 'Question 1', 'June', 'Short Answer');
  await fillShort(page, followUp, 'Why June?', tag('reason'));
  await addQuestion(page, 'Multiple Choice');
  await fillMultiple(page, 'Question 2', 'Who gets a copy?', [
    { option: 'Client', tag: tag('copies') },
    { option: 'Agent', tag: tag('copies') },
  ]);
  await mode('Question 2').getByRole('radio', { name: 'Several options' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(M.formAdded)).toBeVisible();

  const { access } = await apiLogin(request, DEMO.admin);
  const template = await apiUploadTemplate(
    request,
    access,
    `Completion ${prefix}`,
    await buildPrecedent({
      title: 'Completion letter',
      lines: [`Completion is in {{ ${tag('month')} }} ({{ ${tag('reason')} }}).`, `Copies to {{ ${tag('copies')} }}.`],
    }),
  );

  // The execution screen: radios for one answer, checkboxes for several.
  await page.goto(`/document-template/user-execute/${template.id}`);
  const month = question(page, 'Which month is completion?');
  const march = month.getByRole('radio', { name: 'March' });
  const june = month.getByRole('radio', { name: 'June' });
  await expect(month.getByRole('checkbox')).toHaveCount(0);
  await june.check();
  await expect(question(page, 'Why June?')).toBeVisible();
  await march.check();
  await expect(june).not.toBeChecked();
  // The follow-up belongs to June: choosing March closes it.
  await expect(page.getByText('Why June?', { exact: true })).toHaveCount(0);
  await june.check();
  await expect(march).not.toBeChecked();
  await question(page, 'Why June?').getByRole('textbox').fill('the survey');
  const copies = question(page, 'Who gets a copy?');
  await expect(copies.getByRole('radio')).toHaveCount(0);
  await copies.getByRole('checkbox', { name: 'Client' }).check();
  await copies.getByRole('checkbox', { name: 'Agent' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog', { name: 'Export, View or Download File' })).toBeVisible();

  // What was recorded: one month (June), its follow-up, and both copies.
  const history = (await (
    await request.get(`/api/document-template/${template.id}/history/`, { headers: bearer(access) })
  ).json()) as ExecutionHistoryResponse;
  const execution = (await (
    await request.get(`/api/execute/${history.data[0]?.id}/`, { headers: bearer(access) })
  ).json()) as ExecutionDetail;
  const [monthView, copiesView] = execution.result;
  const answerOf = (id: number | undefined) => execution.data.find((a) => a.question_id === id);
  const juneId = monthView?.values.find((v) => v.option === 'June')?.id;
  expect(answerOf(monthView?.question_id)?.options).toEqual([juneId]);
  expect(answerOf(monthView?.showData[0]?.listForm[0]?.question_id)?.short).toBe('the survey');
  expect(answerOf(copiesView?.question_id)?.options).toHaveLength(2);
});
