/** Public API of the AI Headshots pipeline (no HTTP, no database). See README.md. */
export {
  listStyles,
  createHeadshots,
  checkPhoto,
  makeHeadshotPack,
  closeHeadshots,
  type Headshots,
  type HeadshotsOptions,
  type CheckOptions,
} from './api';
export type { PhotoCheck } from './check/check';
export type { PhotoInput } from './check/input';
export type { MakePackOptions, PackResult, PackFile, PackProgress, PackStage } from './make/pack';
export type { StyleInfo } from './styles/catalog';
export type { KeptPortrait } from './make/kept';
export type { PreviewImage } from './make/preview';
export { FRAMINGS, type Framing, type FramingId } from './make/framing';
export { LIGHT_SETUPS, packCapacity, photoCapacity, type LightSetup } from './make/offer';
export { NEAR_DUPLICATE_DISTANCE } from './make/print';
export { samePhoto } from './check/fingerprint';
export { HeadshotsError, type HeadshotsErrorCode } from './errors';
export {
  DEFAULT_SETTINGS,
  resolveSettings,
  type Settings,
  type SettingsInput,
  type CheckSettings,
  type MakeSettings,
} from './settings';
