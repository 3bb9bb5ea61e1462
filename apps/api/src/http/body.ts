import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { OperationSpec } from "@bahi/contract";
import { ApiError, validationFailed } from "../values/problem.js";
import type { Upload, UploadedFile } from "../values/upload.js";

/** MAX_JSON_BODY_BYTES: the largest JSON body accepted (1 MiB), stated in the spec's 413 answers. */
export const MAX_JSON_BODY_BYTES = 1_048_576;
/** MAX_IMPORT_BYTES: the largest file body (10 MiB), raw or as a form, stated in the spec. */
export const MAX_IMPORT_BYTES = 10_485_760;
const JSON_MEDIA_TYPE = "application/json";
const FORM_MEDIA_TYPE = "multipart/form-data";

/**
 * The rest of a refused body is never read, so the connection cannot carry another request: it is
 * closed, and a client does not send its next request into a socket that is about to go.
 */
const tooLarge = (limit: number) =>
  new ApiError(413, "payload_too_large", `The body exceeds ${limit} bytes.`, {
    headers: { Connection: "close" },
  });

/** Reads at most `limit` bytes, refusing as soon as the declared or received length goes over. */
async function readLimited(request: Request, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * readLimited for a JSON body, from the request as Node received it: the web Request and its body
 * stream, built on first use, cost more CPU than a small body's whole handling. Chunks past the
 * limit are left unread; the answer
 * closes the connection (see tooLarge).
 */
function readIncoming(request: Request, incoming: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return Promise.reject(tooLarge(limit));
  if (incoming.readableEnded) return Promise.reject(new Error("the request's body was read before"));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        incoming.pause();
        settle(tooLarge(limit));
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => settle(null);
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error("the client closed the request before its body ended"));
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return (length !== null && length !== "0") || request.headers.has("transfer-encoding");
}

/** Where a JSON parse error happened, for people; V8 words it differently across versions. */
function parseError(error: unknown): string {
  return error instanceof SyntaxError
    ? `the body is not valid JSON: ${error.message}`
    : "the body is not valid JSON";
}

const mediaTypeOf = (header: string | null | undefined) => header?.split(";")[0]?.trim().toLowerCase();

async function readForm(request: Request, bytes: Buffer): Promise<Upload> {
  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    throw validationFailed([
      { pointer: "", code: "malformed_form", message: "the body is not a valid multipart/form-data form" },
    ]);
  }
  const files = new Map<string, UploadedFile>();
  const fields = new Map<string, string>();
  const digest = createHash("sha256").update(FORM_MEDIA_TYPE);
  for (const [name, value] of [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (typeof value === "string") {
      fields.set(name, value);
      digest.update(`\0field\0${name}\0${value}`);
      continue;
    }
    const file: UploadedFile = {
      bytes: new Uint8Array(await value.arrayBuffer()),
      mediaType: mediaTypeOf(value.type) || "application/octet-stream",
      filename: value.name || null,
    };
    files.set(name, file);
    digest.update(`\0file\0${name}\0${file.filename ?? ""}\0${file.mediaType}\0`).update(file.bytes);
  }
  return { kind: "form", files, fields, digest: digest.digest("hex") };
}

/**
 * The operation's body: parsed JSON, or an Upload for the file types an operation accepts instead.
 * 415 for a content type the operation does not accept, 413 past the limit of the body's kind, 400 for
 * malformed JSON or form, or a missing required body.
 */
export async function readBody(
  request: Request,
  op: OperationSpec,
  incoming: IncomingMessage | undefined,
): Promise<unknown> {
  const spec = op.requestBody;
  if (!spec) return undefined;
  if (!hasBody(request)) {
    if (spec.required) {
      throw validationFailed([{ pointer: "", code: "required", message: "a body is required" }]);
    }
    return undefined;
  }
  const mediaType = mediaTypeOf(request.headers.get("content-type"));
  if (mediaType === undefined || !spec.contentTypes.includes(mediaType)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `This operation accepts ${spec.contentTypes.join(", ")}, not ${mediaType ?? "a body without Content-Type"}.`,
    );
  }
  if (mediaType !== JSON_MEDIA_TYPE) {
    const bytes = await readLimited(request, MAX_IMPORT_BYTES);
    if (mediaType === FORM_MEDIA_TYPE) return readForm(request, bytes);
    const digest = createHash("sha256").update(`${mediaType}\0`).update(bytes).digest("hex");
    return { kind: "file", file: { bytes, mediaType, filename: null }, digest } satisfies Upload;
  }
  // A request made in-process (the application's pages calling /v1) has no Node request to read.
  const bytes = incoming
    ? await readIncoming(request, incoming, MAX_JSON_BODY_BYTES)
    : await readLimited(request, MAX_JSON_BODY_BYTES);
  const text = bytes.toString("utf8");
  if (text.trim() === "" && !spec.required) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw validationFailed([{ pointer: "", code: "malformed_json", message: parseError(error) }]);
  }
}
