import type { OperationSpec } from "@bahi/contract";
import { ApiError, validationFailed } from "../errors.js";

/** MAX_JSON_BODY_BYTES: the largest JSON body accepted (1 MiB), stated in the spec's 413 answers. */
export const MAX_JSON_BODY_BYTES = 1_048_576;
const JSON_MEDIA_TYPE = "application/json";

const tooLarge = () =>
  new ApiError(413, "payload_too_large", `The body exceeds ${MAX_JSON_BODY_BYTES} bytes.`);

/** Reads at most `limit` bytes, refusing as soon as the declared or received length goes over. */
async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return (length !== null && length !== "0") || request.headers.has("transfer-encoding");
}

/** Where a JSON parse error happened, for people; V8 words it differently across versions. */
function parseError(error: unknown): string {
  return error instanceof SyntaxError ? error.message : "the body is not valid JSON";
}

/**
 * The operation's JSON body, parsed: 415 for a content type the operation does not accept, 413
 * past the limit, 400 for malformed JSON or a missing required body.
 */
export async function readJsonBody(request: Request, op: OperationSpec): Promise<unknown> {
  const spec = op.requestBody;
  if (!spec) return undefined;
  if (!hasBody(request)) {
    if (spec.required) {
      throw validationFailed([{ pointer: "", code: "required", message: "a JSON body is required" }]);
    }
    return undefined;
  }
  const mediaType = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== JSON_MEDIA_TYPE || !spec.contentTypes.includes(JSON_MEDIA_TYPE)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      `This operation accepts ${spec.contentTypes.join(", ")}, not ${mediaType ?? "a body without Content-Type"}.`,
    );
  }
  const text = await readLimited(request, MAX_JSON_BODY_BYTES);
  if (text.trim() === "" && !spec.required) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw validationFailed([{ pointer: "", code: "malformed_json", message: parseError(error) }]);
  }
}
