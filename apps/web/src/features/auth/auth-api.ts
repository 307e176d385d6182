import type { AuthorizeUrlData, LoginData, LoginMode, UserInfo } from '@ai-covers/contracts';
import { PRODUCT } from '@ai-covers/contracts';
import { apiGet, request } from '../../shared/api/request';

/** Query keys of the sign-in feature. */
export const authKeys = { all: ['auth'] as const, user: () => ['auth', 'user'] as const };

/** Asks the server for the provider's authorize URL (§7 parameters, signed state, PKCE). */
export function fetchAuthorizeUrl(input: {
  goto: string;
  mode: LoginMode;
  lang: string;
}): Promise<AuthorizeUrlData> {
  return apiGet<AuthorizeUrlData>('/v1/login/authorize-url', { ...input, pid: PRODUCT.mainProductId });
}

/** `POST /v1/login` (§7): exchanges the code server-side for our token and the user info. */
export function postLogin(input: {
  code: string;
  state: string;
  iss: string | null;
  invitedCode: string | null;
  module: string;
}): Promise<LoginData> {
  return request<LoginData>('POST', '/v1/login', {
    query: {
      auth_code: input.code,
      state: input.state,
      iss: input.iss ?? undefined,
      pid: PRODUCT.mainProductId,
      invited_code: input.invitedCode ?? undefined,
      module: input.module,
    },
  });
}

/** `GET /v1/user/info` with the product kind. */
export function fetchUserInfo(): Promise<UserInfo> {
  return apiGet<UserInfo>('/v1/user/info', { kind: PRODUCT.kind });
}

/** `GET /v1/logout`: ends the session server-side and names the provider's logout page. */
export function postLogout(goto: string): Promise<{ logout_url: string | null }> {
  return apiGet<{ logout_url: string | null }>('/v1/logout', { goto });
}
