import {
  bypassCodesResponse,
  codeSentResponse,
  mfaMonitoringResponse,
  mfaPolicyResponse,
  mfaToggleResponse,
  phoneStateResponse,
  type BypassCodesResponse,
  type MfaMonitoringResponse,
  type MfaPolicyResponse,
  type MfaPolicyRole,
  type MfaToggleBody,
  type MfaToggleResponse,
} from '@lexdesk/contract';
import type { z } from 'zod';
import { apiRequest } from '../../api/client.ts';

export function fetchMfaMonitoring(signal?: AbortSignal): Promise<MfaMonitoringResponse> {
  return apiRequest('user/mfa/monitoring/', { schema: mfaMonitoringResponse, signal });
}

export function toggleMfa(body: MfaToggleBody): Promise<MfaToggleResponse> {
  return apiRequest('user/mfa/toggle/', { method: 'POST', body, schema: mfaToggleResponse });
}

export function generateBypassCodes(password: string): Promise<BypassCodesResponse> {
  return apiRequest('user/mfa/generate-bypass-code/', {
    method: 'POST',
    body: { password },
    schema: bypassCodesResponse,
  });
}

export function fetchMfaPolicy(signal?: AbortSignal): Promise<MfaPolicyResponse> {
  return apiRequest('organisation/mfa-policy/', { schema: mfaPolicyResponse, signal });
}

export function saveMfaPolicy(requiredRoles: MfaPolicyRole[]): Promise<MfaPolicyResponse> {
  return apiRequest('organisation/mfa-policy/', {
    method: 'PUT',
    body: { required_roles: requiredRoles },
    schema: mfaPolicyResponse,
  });
}

export function sendPhoneCode(phone: string): Promise<z.infer<typeof codeSentResponse>> {
  return apiRequest('user/phone/send-verification-code/', {
    method: 'POST',
    body: { phone },
    schema: codeSentResponse,
  });
}

/** Checks the texted code, then saves the number as the verified phone (with the current password). */
export async function verifyPhone(
  phone: string,
  code: string,
  password: string,
): Promise<z.infer<typeof phoneStateResponse>> {
  await apiRequest('user/phone/check-verification-code/', {
    method: 'POST',
    body: { phone, verification_code: code },
    schema: phoneStateResponse,
  });
  return apiRequest('user/phone/update/', { method: 'POST', body: { phone, password }, schema: phoneStateResponse });
}
