/** The e2e run's ports: the app's (E2E_PORT) and the SMTP server's the app mails to (E2E_SMTP_PORT, else 1000 above the app's). */
export const PORT = Number(process.env.E2E_PORT ?? 8310);
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);
