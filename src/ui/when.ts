const pad = (n: number) => String(n).padStart(2, '0');

/** DD-MM-YYYY HH:mm in the device's time (the app's display date, with the time of day): a moment in ms or as the API sends it (ISO). */
export function formatWhen(moment: number | string): string {
  const d = new Date(moment);
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
