import { Code, type DeductData, type ToolKind } from '@ai-covers/contracts';
import { RequestError } from '../../shared/api/errors';
import { useAuthStore } from '../auth/auth-store';
import { deductCredits } from './credits-api';
import { useWalletDialogs } from './wallet-store';

/** Why a charge failed, in the words of §5/§8. */
export type ChargeFailure = 'not login' | 'not taskId' | 'not credit' | 'not available' | 'other';
export type ChargeResult =
  { ok: true; data: DeductData } | { ok: false; reason: ChargeFailure; message: string };

/** Maps a deduct error code to its §8 reason. */
export function chargeFailureFor(code: number): ChargeFailure {
  if (code === Code.notAuthorized || code === Code.relogin) return 'not login';
  if (code === Code.notAvailable) return 'not credit';
  if (code === Code.verifyLimit || code === Code.verifyLimitAlt) return 'not available';
  return 'other';
}

/**
 * Charges a paid action (§5 deduct): signed out opens the login dialog, a missing task id fails
 * without a call, not enough credits opens the credits-limit dialog. Features call this before
 * handing over a result; `onCharged` refreshes the balance on screen.
 */
export async function chargeForTask(
  input: { kind: ToolKind; taskId: string | null | undefined; val?: number; purpose?: string; need?: number },
  onCharged?: () => void,
): Promise<ChargeResult> {
  const auth = useAuthStore.getState();
  if (!auth.token) {
    auth.openLogin?.();
    return { ok: false, reason: 'not login', message: 'not login' };
  }
  if (!input.taskId) return { ok: false, reason: 'not taskId', message: 'not taskId' };
  try {
    const data = await deductCredits({ ...input, taskId: input.taskId });
    onCharged?.();
    return { ok: true, data };
  } catch (error) {
    const code = error instanceof RequestError ? error.code : Code.error;
    const reason = chargeFailureFor(code);
    if (reason === 'not login') useAuthStore.getState().openLogin?.();
    if (reason === 'not credit' || reason === 'not available')
      useWalletDialogs.getState().openLimit(input.need ?? 1);
    return { ok: false, reason, message: error instanceof Error ? error.message : 'other' };
  }
}
