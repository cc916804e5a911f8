import {
  categoryList,
  categoryQuestionList,
  categorySaved,
  documentTypeList,
  documentTypeSaved,
  questionnaireList,
  questionnaireSaved,
  questionViewList,
  type Category,
  type CategorySaved,
  type DocumentTypeBody,
  type DocumentTypeList,
  type DocumentTypeSaved,
  type QuestionnaireBody,
  type QuestionnaireList,
  type QuestionnaireSaved,
  type QuestionView,
} from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return (await apiRequest('category/', { schema: categoryList, signal })).data;
}

export function createCategory(userId: number, name: string): Promise<CategorySaved> {
  return apiRequest('category/', { method: 'POST', body: { user_id: userId, name }, schema: categorySaved });
}

export function updateCategory(id: number, name: string): Promise<CategorySaved> {
  return apiRequest(`category/${id}/`, { method: 'PUT', body: { name }, schema: categorySaved });
}

export function deleteCategory(id: number): Promise<unknown> {
  return apiRequest(`category/${id}/`, { method: 'DELETE' });
}

export async function fetchCategoryQuestions(id: number, signal?: AbortSignal): Promise<QuestionView[]> {
  return (await apiRequest(`category/question/${id}/`, { schema: categoryQuestionList, signal })).data;
}

export function fetchQuestionnaires(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<QuestionnaireList> {
  const query = search ? { page_no: pageNo, limits, search_key: search } : { page_no: pageNo, limits };
  return apiRequest('questionnaire/', { query, schema: questionnaireList, signal });
}

export function fetchForm(id: number, signal?: AbortSignal): Promise<QuestionView[]> {
  return apiRequest(`question/get/${id}/`, { schema: questionViewList, signal });
}

export function createForm(body: QuestionnaireBody): Promise<QuestionnaireSaved> {
  return apiRequest('questionnaire/', { method: 'POST', body, schema: questionnaireSaved });
}

export function updateForm(id: number, body: QuestionnaireBody): Promise<unknown> {
  return apiRequest(`question/get/${id}/`, { method: 'PUT', body });
}

export function deleteForm(id: number): Promise<unknown> {
  return apiRequest(`questionnaire/${id}/`, { method: 'DELETE' });
}

export function fetchDocumentTypes(signal?: AbortSignal): Promise<DocumentTypeList> {
  return apiRequest('concept/document-type/', { schema: documentTypeList, signal });
}

export function createDocumentType(body: DocumentTypeBody): Promise<DocumentTypeSaved> {
  return apiRequest('concept/document-type/', { method: 'POST', body, schema: documentTypeSaved });
}

export function updateDocumentType(id: number, body: DocumentTypeBody): Promise<DocumentTypeSaved> {
  return apiRequest(`concept/documents/update/${id}/`, { method: 'PUT', body, schema: documentTypeSaved });
}
