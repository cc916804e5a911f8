import {
  categoryCreateBody,
  categoryList,
  categoryQuestionList,
  categorySaved,
  categoryUpdateBody,
  category,
  detailResponse,
  documentTypeBody,
  documentTypeList,
  documentTypeSaved,
  idParam,
  questionnaireBody,
  questionnaireList,
  questionnaireListQuery,
  questionnaireSaved,
  questionViewList,
} from '@lexdesk/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { route } from '../../platform/http/define-route.ts';
import { categoriesService } from './categories.service.ts';
import { documentTypesService } from './document-types.service.ts';
import { questionnairesService } from './questionnaires.service.ts';

const tags = ['questionnaires'];
const categoryIdParams = z.object({ category_id: idParam });
const questionnaireIdParams = z.object({ questionnaire_id: idParam });
const documentTypeIdParams = z.object({ document_type_id: idParam });

/** Questionnaire builder calls of spec 02 §7: categories, questions, questionnaires, document types. */
export const questionnairesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const categories = categoriesService(ctx);
  const forms = questionnairesService(ctx);
  const documentTypes = documentTypesService(ctx);

  // Categories
  route(app, {
    method: 'GET',
    url: '/api/category/',
    access: 'questionnaires.categories.read',
    tags,
    summary: 'Categories of the organisation',
    reply: categoryList,
    handler: ({ actor }) => categories.list(actor),
  });
  route(app, {
    method: 'GET',
    url: '/api/category/:category_id/',
    access: 'questionnaires.categories.read',
    tags,
    summary: 'One category',
    params: categoryIdParams,
    reply: category,
    handler: ({ actor, params }) => categories.get(actor, params.category_id),
  });
  route(app, {
    method: 'POST',
    url: '/api/category/',
    access: 'questionnaires.categories.write',
    tags,
    summary: 'Add a category',
    body: categoryCreateBody,
    reply: categorySaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => categories.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/category/:category_id/',
    access: 'questionnaires.categories.write',
    tags,
    summary: 'Rename a category',
    params: categoryIdParams,
    body: categoryUpdateBody,
    reply: categorySaved,
    errors: [409],
    handler: ({ actor, params, body }) => categories.update(actor, params.category_id, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/category/:category_id/',
    access: 'questionnaires.categories.write',
    tags,
    summary: 'Delete a category (its questions stay, without a category)',
    params: categoryIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => categories.remove(actor, params.category_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/category/question/:category_id/',
    access: 'questionnaires.questions.read',
    tags,
    summary: 'Questions of a category, for the conditional picker',
    params: categoryIdParams,
    reply: categoryQuestionList,
    handler: ({ actor, params }) => forms.ofCategory(actor, params.category_id),
  });

  // Questionnaires (forms)
  route(app, {
    method: 'GET',
    url: '/api/questionnaire/',
    access: 'questionnaires.questions.read',
    tags,
    summary: 'Questionnaires of the organisation, paged',
    query: questionnaireListQuery,
    reply: questionnaireList,
    handler: ({ actor, query }) => forms.list(actor, query),
  });
  route(app, {
    method: 'POST',
    url: '/api/questionnaire/',
    access: 'questionnaires.questions.write',
    tags,
    summary: 'Save a new questionnaire (form, category)',
    body: questionnaireBody,
    reply: questionnaireSaved,
    created: true,
    notFound: true,
    errors: [409],
    handler: ({ actor, body }) => forms.create(actor, body),
  });
  route(app, {
    method: 'DELETE',
    url: '/api/questionnaire/:questionnaire_id/',
    access: 'questionnaires.questions.write',
    tags,
    summary: 'Delete a questionnaire and its questions',
    params: questionnaireIdParams,
    reply: detailResponse,
    handler: ({ actor, params }) => forms.remove(actor, params.questionnaire_id),
  });
  route(app, {
    method: 'GET',
    url: '/api/question/get/:questionnaire_id/',
    access: 'questionnaires.questions.read',
    tags,
    summary: "A questionnaire's questions (an array), with branches and tags",
    params: questionnaireIdParams,
    reply: questionViewList,
    handler: ({ actor, params }) => forms.get(actor, params.questionnaire_id),
  });
  route(app, {
    method: 'PUT',
    url: '/api/question/get/:questionnaire_id/',
    access: 'questionnaires.questions.write',
    tags,
    summary: 'Replace the questions of a questionnaire (form, category)',
    params: questionnaireIdParams,
    body: questionnaireBody,
    reply: detailResponse,
    errors: [409],
    handler: ({ actor, params, body }) => forms.update(actor, params.questionnaire_id, body),
  });

  // Document types
  route(app, {
    method: 'GET',
    url: '/api/concept/document-type/',
    access: 'questionnaires.document_types.read',
    tags,
    summary: 'Document types of the organisation',
    reply: documentTypeList,
    handler: ({ actor }) => documentTypes.list(actor),
  });
  route(app, {
    method: 'POST',
    url: '/api/concept/document-type/',
    access: 'questionnaires.document_types.write',
    tags,
    summary: 'Add a document type',
    body: documentTypeBody,
    reply: documentTypeSaved,
    created: true,
    errors: [409],
    handler: ({ actor, body }) => documentTypes.create(actor, body),
  });
  route(app, {
    method: 'PUT',
    url: '/api/concept/documents/update/:document_type_id/',
    access: 'questionnaires.document_types.write',
    tags,
    summary: 'Update a document type',
    params: documentTypeIdParams,
    body: documentTypeBody,
    reply: documentTypeSaved,
    errors: [409],
    handler: ({ actor, params, body }) => documentTypes.update(actor, params.document_type_id, body),
  });
};
