import { readLocal, writeLocal } from '../../shared/storage/storage';
import { FROM_AI_PHOTO, LOCAL } from './token-storage';

const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Keeps what a landing URL brings (§3 local storage): an invite code (`invite_code` or
 * `invited_code`), used once by the next sign-in (§4), and the from-ai-photo flag of a visitor sent
 * over by the AI photo tool (`from=ai-photo`), which analytics reports with the launch and sign-in.
 */
export function captureLandingParams(search: string): void {
  const params = new URLSearchParams(search);
  const invite = params.get('invite_code') ?? params.get('invited_code');
  if (invite && INVITE_CODE.test(invite)) writeLocal(LOCAL.inviteCode, invite);
  if (params.get('from') === 'ai-photo') writeLocal(FROM_AI_PHOTO, '1');
}

/** True when this visitor came from the AI photo tool (§3 from-ai-photo flag). */
export function fromAiPhoto(): boolean {
  return readLocal(FROM_AI_PHOTO) === '1';
}
