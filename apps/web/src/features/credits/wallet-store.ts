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
  /**
   * Where a purchase started from the limit dialog comes back to (an app path with what to resume,
   * e.g. '/covers/abc?resume=download&format=mp3'); null: the page the dialog is on.
   */
  limitReturnPath: string | null;
  consume: ConsumeRequest | null;
  pricing: PricingTheme | null;
  /** Where a checkout from the pricing dialog comes back to; null: the page under the dialog. */
  pricingReturnPath: string | null;
  accountOpen: boolean;
  upgradeOpen: boolean;
  openLimit: (need?: number) => void;
  closeLimit: () => void;
  setLimitReturnPath: (path: string | null) => void;
  /** Asks the user to confirm spending credits; resolves true on confirm. */
  askConsume: (options?: { value?: number; status?: ConsumeStatus }) => Promise<boolean>;
  settleConsume: (confirmed: boolean) => void;
  openPricingDialog: (theme: PricingTheme, returnPath?: string | null) => void;
  closePricingDialog: () => void;
  setAccountOpen: (open: boolean) => void;
  setUpgradeOpen: (open: boolean) => void;
}

/** Which wallet dialog is open. The dialogs are mounted once (WalletRoot) and opened from anywhere. */
export const useWalletDialogs = create<WalletDialogs>((set, get) => ({
  limitOpen: false,
  limitNeed: 1,
  limitReturnPath: null,
  consume: null,
  pricing: null,
  pricingReturnPath: null,
  accountOpen: false,
  upgradeOpen: false,
  openLimit: (need = 1) => set({ limitOpen: true, limitNeed: need, limitReturnPath: null }),
  closeLimit: () => set({ limitOpen: false }),
  setLimitReturnPath: (limitReturnPath) => set({ limitReturnPath }),
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
  openPricingDialog: (theme, returnPath = null) => set({ pricing: theme, pricingReturnPath: returnPath }),
  closePricingDialog: () => set({ pricing: null }),
  setAccountOpen: (accountOpen) => set({ accountOpen }),
  setUpgradeOpen: (upgradeOpen) => set({ upgradeOpen }),
}));
