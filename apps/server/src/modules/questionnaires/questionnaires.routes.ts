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
import { actorOf } from '../../platform/access/access.plugin.ts';
import type { AppContext } from '../../platform/context.ts';
import { withErrors } from '../../platform/http/route-schemas.ts';
import { categoriesService } from './categories.service.ts';
import { documentTypesService } from './document-types.service.ts';
import { questionnairesService } from './questionnaires.service.ts';

const categoryIdParams = z.object({ category_id: idParam });
const questionnaireIdParams = z.object({ questionnaire_id: idParam });
const documentTypeIdParams = z.object({ document_type_id: idParam });

/** Questionnaire builder calls of spec 02 §7: categories, questions, questionnaires, document types. */
export const questionnairesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const categories = categoriesService(ctx);
  const forms = questionnairesService(ctx);
  const documentTypes = documentTypesService(ctx);

  // Categories
  app.get(
    '/api/category/',
    {
      config: { access: 'questionnaires.categories.read' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Categories of the organisation',
        response: withErrors({ 200: categoryList }, 401, 403),
      },
    },
    async (request) => categories.list(actorOf(request)),
  );
  app.get(
    '/api/category/:category_id/',
    {
      config: { access: 'questionnaires.categories.read' },
      schema: {
        tags: ['questionnaires'],
        summary: 'One category',
        params: categoryIdParams,
        response: withErrors({ 200: category }, 400, 401, 403, 404),
      },
    },
    async (request) => categories.get(actorOf(request), request.params.category_id),
  );
  app.post(
    '/api/category/',
    {
      config: { access: 'questionnaires.categories.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Add a category',
        body: categoryCreateBody,
        response: withErrors({ 201: categorySaved }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await categories.create(actorOf(request), request.body)),
  );
  app.put(
    '/api/category/:category_id/',
    {
      config: { access: 'questionnaires.categories.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Rename a category',
        params: categoryIdParams,
        body: categoryUpdateBody,
        response: withErrors({ 200: categorySaved }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => categories.update(actorOf(request), request.params.category_id, request.body),
  );
  app.delete(
    '/api/category/:category_id/',
    {
      config: { access: 'questionnaires.categories.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Delete a category (its questions stay, without a category)',
        params: categoryIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => categories.remove(actorOf(request), request.params.category_id),
  );
  app.get(
    '/api/category/question/:category_id/',
    {
      config: { access: 'questionnaires.questions.read' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Questions of a category, for the conditional picker',
        params: categoryIdParams,
        response: withErrors({ 200: categoryQuestionList }, 400, 401, 403, 404),
      },
    },
    async (request) => forms.ofCategory(actorOf(request), request.params.category_id),
  );

  // Questionnaires (forms)
  app.get(
    '/api/questionnaire/',
    {
      config: { access: 'questionnaires.questions.read' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Questionnaires of the organisation, paged',
        querystring: questionnaireListQuery,
        response: withErrors({ 200: questionnaireList }, 400, 401, 403),
      },
    },
    async (request) => forms.list(actorOf(request), request.query),
  );
  app.post(
    '/api/questionnaire/',
    {
      config: { access: 'questionnaires.questions.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Save a new questionnaire (form, category)',
        body: questionnaireBody,
        response: withErrors({ 201: questionnaireSaved }, 400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await forms.create(actorOf(request), request.body)),
  );
  app.delete(
    '/api/questionnaire/:questionnaire_id/',
    {
      config: { access: 'questionnaires.questions.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Delete a questionnaire and its questions',
        params: questionnaireIdParams,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404),
      },
    },
    async (request) => forms.remove(actorOf(request), request.params.questionnaire_id),
  );
  app.get(
    '/api/question/get/:questionnaire_id/',
    {
      config: { access: 'questionnaires.questions.read' },
      schema: {
        tags: ['questionnaires'],
        summary: "A questionnaire's questions (an array), with branches and tags",
        params: questionnaireIdParams,
        response: withErrors({ 200: questionViewList }, 400, 401, 403, 404),
      },
    },
    async (request) => forms.get(actorOf(request), request.params.questionnaire_id),
  );
  app.put(
    '/api/question/get/:questionnaire_id/',
    {
      config: { access: 'questionnaires.questions.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Replace the questions of a questionnaire (form, category)',
        params: questionnaireIdParams,
        body: questionnaireBody,
        response: withErrors({ 200: detailResponse }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => forms.update(actorOf(request), request.params.questionnaire_id, request.body),
  );

  // Document types
  app.get(
    '/api/concept/document-type/',
    {
      config: { access: 'questionnaires.document_types.read' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Document types of the organisation',
        response: withErrors({ 200: documentTypeList }, 401, 403),
      },
    },
    async (request) => documentTypes.list(actorOf(request)),
  );
  app.post(
    '/api/concept/document-type/',
    {
      config: { access: 'questionnaires.document_types.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Add a document type',
        body: documentTypeBody,
        response: withErrors({ 201: documentTypeSaved }, 400, 401, 403, 409),
      },
    },
    async (request, reply) => reply.status(201).send(await documentTypes.create(actorOf(request), request.body)),
  );
  app.put(
    '/api/concept/documents/update/:document_type_id/',
    {
      config: { access: 'questionnaires.document_types.write' },
      schema: {
        tags: ['questionnaires'],
        summary: 'Update a document type',
        params: documentTypeIdParams,
        body: documentTypeBody,
        response: withErrors({ 200: documentTypeSaved }, 400, 401, 403, 404, 409),
      },
    },
    async (request) => documentTypes.update(actorOf(request), request.params.document_type_id, request.body),
  );
};
