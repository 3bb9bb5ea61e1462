import { unreadable } from "./table.js";

/**
 * MAX_EXPANDED_BYTES: how large a workbook may grow once unzipped. XML compresses about tenfold, so a
 * 10 MiB workbook of real data stays well below; a zip bomb, a few kilobytes that expand to gigabytes,
 * is refused before anything is unzipped.
 */
export const MAX_EXPANDED_BYTES = 256 * 1024 * 1024;

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_RECORD_SEARCH = 22 + 65_535;
/** A size of 0xFFFFFFFF means that the real one is in a ZIP64 record, which no workbook needs. */
const ZIP64_MARKER = 0xffffffff;

const notAWorkbook = () =>
  unreadable("The file is not a readable .xlsx workbook (it may be cut short, or another format).");

/** Adds up the unzipped sizes that the zip's central directory declares, and refuses too much. */
export function checkExpandedSize(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - END_RECORD_SEARCH); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) throw notAWorkbook();
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  let expanded = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > end || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY) throw notAWorkbook();
    const size = view.getUint32(offset + 24, true);
    if (size === ZIP64_MARKER) throw notAWorkbook();
    expanded += size;
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  if (expanded > MAX_EXPANDED_BYTES) {
    throw unreadable(
      `The workbook would unzip to more than ${MAX_EXPANDED_BYTES} bytes; it is refused unread.`,
    );
  }
}
