/** This build's name (vite.config.ts): every call names it, so the superuser sees which builds the devices run. */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION ?? 'development';
