const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** `yyyy-MM-dd HH:mm:ss` in India time, as the IRP writes acknowledgement dates. */
export function irpDateTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace("T", " ");
}
