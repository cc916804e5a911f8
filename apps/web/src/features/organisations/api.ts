import {
  detailResponse,
  historyResponse,
  managedUser,
  managedUserList,
  organisationItem,
  organisationList,
  planChangeResponse,
  planDetailsResponse,
  planHistoryResponse,
  userLimitResponse,
  userPlanResponse,
  type HistoryResponse,
  type ManagedUser,
  type ManagedUserList,
  type OrganisationBody,
  type OrganisationItem,
  type OrganisationList,
  type PlanChangeBody,
  type PlanChangeResponse,
  type PlanDetailsResponse,
  type PlanHistoryResponse,
  type UserInviteBody,
  type UserLimitResponse,
  type UserPlanResponse,
  type UserUpdateBody,
} from '@lexdesk/contract';
import { apiRequest } from '../../api/client.ts';

const listQuery = (pageNo: number, limits: number, search: string) =>
  search ? { page_no: pageNo, limits, search_key: search } : { page_no: pageNo, limits };

export function fetchOrganisations(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<OrganisationList> {
  return apiRequest('organisation/', { query: listQuery(pageNo, limits, search), schema: organisationList, signal });
}

export function createOrganisation(body: OrganisationBody): Promise<OrganisationItem> {
  return apiRequest('organisation/', { method: 'POST', body, schema: organisationItem });
}

export function updateOrganisation(id: number, body: OrganisationBody): Promise<OrganisationItem> {
  return apiRequest(`organisation/${id}/`, { method: 'PUT', body, schema: organisationItem });
}

export function deleteOrganisation(id: number): Promise<{ detail: string }> {
  return apiRequest(`organisation/${id}/`, { method: 'DELETE', schema: detailResponse });
}

export function fetchOrganisationHistory(id: number, signal?: AbortSignal): Promise<HistoryResponse> {
  return apiRequest(`organisation/${id}/history/`, { schema: historyResponse, signal });
}

export function fetchUsers(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<ManagedUserList> {
  return apiRequest('user/', { query: listQuery(pageNo, limits, search), schema: managedUserList, signal });
}

export function inviteUser(body: UserInviteBody): Promise<ManagedUser> {
  return apiRequest('user/', { method: 'POST', body, schema: managedUser });
}

export function updateUser(id: number, body: UserUpdateBody): Promise<ManagedUser> {
  return apiRequest(`user/${id}/`, { method: 'PUT', body, schema: managedUser });
}

export function setUserActive(id: number, isActive: boolean): Promise<ManagedUser> {
  return apiRequest(`user/${id}/active/`, { method: 'PUT', body: { is_active: isActive }, schema: managedUser });
}

export function deleteUser(id: number): Promise<{ detail: string }> {
  return apiRequest(`user/${id}/`, { method: 'DELETE', schema: detailResponse });
}

export function fetchUserHistory(id: number, signal?: AbortSignal): Promise<HistoryResponse> {
  return apiRequest(`user/${id}/history/`, { schema: historyResponse, signal });
}

export function fetchPlanDetails(withDurations: boolean, signal?: AbortSignal): Promise<PlanDetailsResponse> {
  return apiRequest('plan-details/', {
    query: withDurations ? { duration: 'true' } : undefined,
    schema: planDetailsResponse,
    signal,
  });
}

export function fetchUserPlans(
  pageNo: number,
  limits: number,
  search: string,
  signal?: AbortSignal,
): Promise<UserPlanResponse> {
  return apiRequest('user-plan/', { query: listQuery(pageNo, limits, search), schema: userPlanResponse, signal });
}

export function fetchPlanHistory(organisationId: number, signal?: AbortSignal): Promise<PlanHistoryResponse> {
  return apiRequest('plan-history/', { query: { id: organisationId }, schema: planHistoryResponse, signal });
}

export function fetchUserLimit(signal?: AbortSignal): Promise<UserLimitResponse> {
  return apiRequest('user-limit/', { schema: userLimitResponse, signal });
}

export function saveUserLimit(userLimit: number): Promise<UserLimitResponse> {
  return apiRequest('user-limit/', { method: 'PUT', body: { user_limit: userLimit }, schema: userLimitResponse });
}

export function changePlan(body: PlanChangeBody): Promise<PlanChangeResponse> {
  return apiRequest('plan-change/', { method: 'PUT', body, schema: planChangeResponse });
}
