/** India Standard Time is UTC+05:30 all year. */
export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in India time, as the IRP writes AckDt, CancelDate and TokenExpiry. */
export function formatIrpDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}

const IRP_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/;

/** Reads an IRP date-time (`yyyy-MM-dd HH:mm:ss`, India time); null when it is not one. */
export function parseIrpDateTime(text: string): Date | null {
  const match = IRP_DATE_TIME.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second || 0);
  return Number.isNaN(utc) ? null : new Date(utc - IST_OFFSET_MS);
}

const DOCUMENT_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** `dd/mm/yyyy` (the e-invoice's document dates) to `yyyy-mm-dd`; null when it is not that shape. */
export function documentDateToIso(date: string): string | null {
  const match = DOCUMENT_DATE.exec(date);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** Today's date in India, `yyyy-mm-dd`. */
export function istToday(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}
