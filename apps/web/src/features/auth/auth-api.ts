import { PRODUCT, type LoginMode } from '@ai-covers/contracts';
import { apiGet, request } from '../../shared/api/request';

/** Asks the server for the provider's authorize URL (§7 parameters, signed state, PKCE). */
export function fetchAuthorizeUrl(input: { goto: string; mode: LoginMode; lang: string }) {
  return apiGet('authorizeUrlData', '/v1/login/authorize-url', { ...input, pid: PRODUCT.mainProductId });
}

/**
 * `POST /v1/login` with the §7 query alone (auth_code, pid, invited_code, module): the server reads
 * this browser's login attempt from the httpOnly cookie the authorize URL set, so the callback's
 * state never has to travel back (decision 041).
 */
export function postLogin(input: { code: string; invitedCode: string | null; module: string }) {
  return request('loginData', 'POST', '/v1/login', {
    query: {
      auth_code: input.code,
      pid: PRODUCT.mainProductId,
      invited_code: input.invitedCode ?? undefined,
      module: input.module,
    },
  });
}

/** `GET /v1/user/info` with the product kind. */
export function fetchUserInfo() {
  return apiGet('userInfo', '/v1/user/info', { kind: PRODUCT.kind });
}

/** `GET /v1/logout`: ends the session server-side and names the provider's logout page. */
export function postLogout(goto: string) {
  return apiGet('logoutData', '/v1/logout', { goto });
}
