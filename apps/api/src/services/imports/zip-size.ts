import { createInflateRaw } from "node:zlib";
import { unreadable } from "./table.js";

/**
 * MAX_EXPANDED_BYTES: how large a workbook may grow once unzipped. XML compresses about tenfold, so a
 * 10 MiB workbook of real data stays well below; a zip bomb, a few kilobytes that expand to gigabytes,
 * is refused before the workbook is parsed.
 */
export const MAX_EXPANDED_BYTES = 256 * 1024 * 1024;

const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const DATA_DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08]);
/** General-purpose flag bit 3: the sizes follow the data, in a data descriptor. */
const SIZES_AFTER_DATA = 0x08;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_RECORD_SEARCH = 22 + 65_535;

const notAWorkbook = () =>
  unreadable("The file is not a readable .xlsx workbook (it may be cut short, or another format).");
const tooLarge = () =>
  unreadable(`The workbook would unzip to more than ${MAX_EXPANDED_BYTES} bytes; it is refused unread.`);

/** Counts what `data` inflates to without holding it, stopping once past `limit`. */
async function inflatedLength(data: Uint8Array, limit: number): Promise<number> {
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  let length = 0;
  try {
    for await (const chunk of inflate) {
      length += (chunk as Buffer).length;
      if (length > limit) break;
    }
  } catch {
    throw notAWorkbook();
  }
  return length;
}

/**
 * Measures what the workbook really unzips to, and refuses more than MAX_EXPANDED_BYTES. The sizes a zip
 * declares cannot be trusted: the parser (read-excel-file, through unzipper-esm) never reads the central
 * directory, and inflates an entry whose local header says "sizes follow" up to the first data-descriptor
 * signature, however much that makes. So this walks the records exactly as that parser does, inflating
 * each entry (to count, not to keep) within what is left of the allowance, and then insists that the
 * central directory, which Excel reads, describes the same entries with the same sizes.
 */
export async function checkExpandedSize(bytes: Uint8Array): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= buffer.length ? buffer.readUInt16LE(at) : Number.NaN);
  const u32 = (at: number) => (at + 4 <= buffer.length ? buffer.readUInt32LE(at) : Number.NaN);

  /** Each entry's compressed and unzipped size, by the offset of its local header. */
  const entries = new Map<number, readonly [number, number]>();
  let expanded = 0;
  let at = 0;
  let pastCentralDirectory = false;
  for (let signature = u32(at); signature !== END_OF_CENTRAL_DIRECTORY; signature = u32(at)) {
    if (signature === CENTRAL_DIRECTORY_ENTRY) {
      pastCentralDirectory = true;
      at += 46 + u16(at + 28) + u16(at + 30) + u16(at + 32);
      continue;
    }
    if (signature !== LOCAL_FILE_HEADER) {
      // Once in the central directory, the parser skips anything else to the end record, unzipping nothing.
      if (pastCentralDirectory) break;
      throw notAWorkbook();
    }
    const method = u16(at + 8);
    if (method !== STORED && method !== DEFLATED) throw notAWorkbook();
    const declaredCompressed = u32(at + 18);
    const start = at + 30 + u16(at + 26) + u16(at + 28);
    const streamed = (u16(at + 6) & SIZES_AFTER_DATA) !== 0 && declaredCompressed === 0;
    const end = streamed ? buffer.indexOf(DATA_DESCRIPTOR, start) : start + declaredCompressed;
    if (!(end >= start && end <= buffer.length)) throw notAWorkbook();
    const data = buffer.subarray(start, end);
    const size = method === STORED ? data.length : await inflatedLength(data, MAX_EXPANDED_BYTES - expanded);
    expanded += size;
    if (expanded > MAX_EXPANDED_BYTES) throw tooLarge();
    const [declaredSize, next] = streamed ? [u32(end + 12), end + 16] : [u32(at + 22), end];
    if ((streamed && u32(end + 8) !== data.length) || declaredSize !== size) throw notAWorkbook();
    entries.set(at, [data.length, size]);
    at = next;
  }

  let end = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - END_RECORD_SEARCH); i--) {
    if (u32(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end === -1) throw notAWorkbook();
  const listed = u16(end + 10);
  let offset = u32(end + 16);
  for (let n = 0; n < listed; n++) {
    if (offset + 46 > end || u32(offset) !== CENTRAL_DIRECTORY_ENTRY) throw notAWorkbook();
    const local = entries.get(u32(offset + 42));
    if (local?.[0] !== u32(offset + 20) || local[1] !== u32(offset + 24)) throw notAWorkbook();
    entries.delete(u32(offset + 42));
    offset += 46 + u16(offset + 28) + u16(offset + 30) + u16(offset + 32);
  }
  // An entry the central directory leaves out is invisible to Excel yet imported by the parser.
  if (entries.size > 0) throw notAWorkbook();
}
