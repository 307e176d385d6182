import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../shared/api/request';
import { walletKeys } from './credits-api';

// The upgrade of old-system points (§3, §4), apart from the balance calls: the balance shows on the
// first page, and these hooks (a mutation among them) would take TanStack's mutation code with it.

/** The old-system points and their upgrade state (§3 integral-upgrade info). */
export function useIntegralInfo(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.integral(),
    queryFn: ({ signal }) => apiGet('integralInfo', '/v1/integral/wsid', undefined, signal),
    enabled,
  });
}

/** Confirms the points upgrade (§4); every balance on screen is refreshed after. */
export function useIntegralUpgrade() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('integralUpgradeData', '/v1/integral/upgrade'),
    onSettled: () => client.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
