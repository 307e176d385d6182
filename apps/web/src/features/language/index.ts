// The page language (§5): read from the path, ?lang, the stored choice and the browser; the gate
// that waits for its copy, and the switcher.
export { LanguageGate } from './LanguageGate';
export { LanguageSwitcher } from './LanguageSwitcher';
export { splitLanguageSegment } from './resolve-language';
export { mirrorLanguageChoice, resolvePageLanguage } from './language-preference';
