import { Msg, type DeductData, type ToolKind } from '@ai-covers/contracts';
import { downloadErrorKind, failureCode } from '../../shared/api/failures';
import { useAuthStore } from '../auth';
import { checkPaid, deductCredits, readBalance } from './credits-api';
import { useWalletDialogs } from './wallet-store';

/** Why a charge failed, in the words of §5/§8; 'cancelled' when the visitor declined to spend. */
export type ChargeFailure =
  'not login' | 'not taskId' | 'not credit' | 'not available' | 'cancelled' | 'other';
export type ChargeResult =
  { ok: true; data: DeductData } | { ok: false; reason: ChargeFailure; message: string; code?: number };

/** Maps a deduct error code to its §8 reason, through the §4 kind the request layer reads from it. */
export function chargeFailureFor(code: number): ChargeFailure {
  switch (downloadErrorKind(code)) {
    case 'login':
      return 'not login';
    case 'not available':
      return 'not credit';
    case 'verify limit':
      return 'not available';
    default:
      return 'other';
  }
}

/**
 * Opening a paid feature (§4, §7): the tool's paid check. A paying account (a member, or one that
 * bought credits) goes straight on; any other is asked to confirm spending `need` credits in the
 * credits-consume dialog when its balance covers them (a short balance goes on to the charge,
 * which opens the credits-limit dialog). Resolves false when the visitor declines.
 */
export async function confirmPaidFeature(kind: ToolKind, need: number): Promise<boolean> {
  if (await checkPaid(kind)) return true;
  const balance = await readBalance();
  if (balance === null || balance < need) return true;
  return useWalletDialogs.getState().askConsume({ value: need, status: 'allowed' });
}

/**
 * Charges a paid action (§5 deduct): signed out opens the login dialog, a missing task id fails
 * without a call, not enough credits opens the credits-limit dialog ('Insufficient points', an
 * account with old points not yet upgraded, the upgrade-confirm dialog). With `confirm` the paid
 * feature is opened through `confirmPaidFeature` first. Features call this before handing over a
 * result; `onCharged` refreshes the balance on screen.
 */
export async function chargeForTask(
  input: { kind: ToolKind; taskId: string | null | undefined; val?: number; purpose?: string; need?: number },
  onCharged?: () => void,
  options: { confirm?: boolean } = {},
): Promise<ChargeResult> {
  const auth = useAuthStore.getState();
  if (!auth.token) {
    auth.openLogin?.();
    return { ok: false, reason: 'not login', message: 'not login' };
  }
  if (!input.taskId) return { ok: false, reason: 'not taskId', message: 'not taskId' };
  if (options.confirm && !(await confirmPaidFeature(input.kind, input.need ?? 1))) {
    return { ok: false, reason: 'cancelled', message: 'cancelled' };
  }
  // The paid check may have met a dead session (490010): the request layer signed out already.
  if (!useAuthStore.getState().token) return { ok: false, reason: 'not login', message: 'not login' };
  try {
    const data = await deductCredits({ ...input, taskId: input.taskId });
    onCharged?.();
    return { ok: true, data };
  } catch (error) {
    const code = failureCode(error);
    const reason = chargeFailureFor(code);
    if (reason === 'not login') useAuthStore.getState().openLogin?.();
    const message = error instanceof Error ? error.message : 'other';
    // Points from the previous version count once upgraded: offer that before buying (decision 170).
    if (message === Msg.insufficientPoints) useWalletDialogs.getState().setUpgradeOpen(true);
    else if (reason === 'not credit' || reason === 'not available')
      useWalletDialogs.getState().openLimit(input.need ?? 1);
    return { ok: false, reason, message, code };
  }
}
