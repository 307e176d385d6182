import { create } from 'zustand';

export type ConsumeStatus = 'notAllowed' | 'allowed';
export type PricingTheme = 'dark' | 'light';

interface ConsumeRequest {
  value: number;
  status: ConsumeStatus;
  resolve: (confirmed: boolean) => void;
}

interface WalletDialogs {
  limitOpen: boolean;
  /** The credits the refused feature needed (for the limit dialog copy). */
  limitNeed: number;
  consume: ConsumeRequest | null;
  pricing: PricingTheme | null;
  accountOpen: boolean;
  upgradeOpen: boolean;
  openLimit: (need?: number) => void;
  closeLimit: () => void;
  /** Asks the user to confirm spending credits; resolves true on confirm. */
  askConsume: (options?: { value?: number; status?: ConsumeStatus }) => Promise<boolean>;
  settleConsume: (confirmed: boolean) => void;
  openPricingDialog: (theme: PricingTheme) => void;
  closePricingDialog: () => void;
  setAccountOpen: (open: boolean) => void;
  setUpgradeOpen: (open: boolean) => void;
}

/** Which wallet dialog is open. The dialogs are mounted once (WalletRoot) and opened from anywhere. */
export const useWalletDialogs = create<WalletDialogs>((set, get) => ({
  limitOpen: false,
  limitNeed: 1,
  consume: null,
  pricing: null,
  accountOpen: false,
  upgradeOpen: false,
  openLimit: (need = 1) => set({ limitOpen: true, limitNeed: need }),
  closeLimit: () => set({ limitOpen: false }),
  askConsume: (options) =>
    new Promise<boolean>((resolve) => {
      get().consume?.resolve(false);
      // §4: the consume dialog's status defaults to notAllowed and its value to 1.
      set({ consume: { value: options?.value ?? 1, status: options?.status ?? 'notAllowed', resolve } });
    }),
  settleConsume: (confirmed) => {
    get().consume?.resolve(confirmed);
    set({ consume: null });
  },
  openPricingDialog: (theme) => set({ pricing: theme }),
  closePricingDialog: () => set({ pricing: null }),
  setAccountOpen: (accountOpen) => set({ accountOpen }),
  setUpgradeOpen: (upgradeOpen) => set({ upgradeOpen }),
}));
