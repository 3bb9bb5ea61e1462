/** A file as it arrived: the body itself, or a part of a form. */
export interface UploadedFile {
  readonly bytes: Uint8Array;
  readonly mediaType: string;
  /** A form part's `filename`; `null` for a raw body. */
  readonly filename: string | null;
}

/**
 * A body that is not JSON: a file sent as the body, or a `multipart/form-data` form. `digest` hashes
 * what was sent, but not a form's boundary, which clients draw at random: a retried upload of the same
 * form is the same request to idempotency.
 */
export type Upload =
  | { readonly kind: "file"; readonly file: UploadedFile; readonly digest: string }
  | {
      readonly kind: "form";
      readonly files: ReadonlyMap<string, UploadedFile>;
      readonly fields: ReadonlyMap<string, string>;
      readonly digest: string;
    };

export function isUpload(body: unknown): body is Upload {
  return typeof body === "object" && body !== null && "kind" in body && "digest" in body;
}

/** An upload's strings that may be stored, by form field: its text fields and its files' names. */
export function textsOf(upload: Upload): Record<string, string> {
  if (upload.kind === "file") return {};
  const names = [...upload.files].flatMap(([field, file]) =>
    file.filename === null ? [] : [[field, file.filename]],
  );
  return { ...Object.fromEntries(upload.fields), ...Object.fromEntries(names) };
}
