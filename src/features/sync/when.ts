const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY HH:mm in the device's time (the app's display date, with the time of day). */
export function formatWhen(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
