// Sign-in: the session (who is signed in, §4), the login dialog and what a landing URL brings for
// the next sign-in. Mounted once by the page frame (AuthRoot); other features read the session.
export { AuthRoot } from './AuthRoot';
export { SignOutButton } from './SignOutButton';
export { selectAccountUrl, selectSignedIn, useAuthStore } from './auth-store';
export { captureLandingParams, fromAiPhoto } from './landing';
export { startSession } from './auth-session';
export { NO_PRE_LOGIN_ATTR } from './pre-login';
export { useSignInPrompt } from './use-sign-in-prompt';
