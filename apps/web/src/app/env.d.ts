// Settings Vite writes into the build (vite.config.ts `define`).
interface ImportMetaEnv {
  /** HEADSHOTS_BASE_PATH of the build; undefined outside a Vite build (unit tests). */
  readonly HEADSHOTS_BASE_PATH?: string;
}
