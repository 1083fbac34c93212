// No imports: the sign-in page's HTTP client names the build on every call.

/** The header every call of the app names its build in (server/plugins/auth.ts keeps it on the session). */
export const APP_VERSION_HEADER = 'x-app-version';

/** What a build's name may look like ('0.1.0+202612071620'); anything else is not kept. */
export const APP_VERSION_PATTERN = /^[\w.+-]{1,40}$/;
