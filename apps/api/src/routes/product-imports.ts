import type { Handlers } from "../http/operation-types.js";
import {
  createProductImport,
  findProductImport,
  productImportErrorsCsv,
} from "../services/imports/imports.js";
import { validationFailed } from "../values/problem.js";
import type { Upload, UploadedFile } from "../values/upload.js";

/** The spec's ProductImportUpload: a form's `file`, and the worksheet it names. */
const MAX_SHEET_NAME_LENGTH = 31;

function fileOf(upload: Upload): { file: UploadedFile; sheet: string | null } {
  if (upload.kind === "file") return { file: upload.file, sheet: null };
  const file = upload.files.get("file");
  const sheet = upload.fields.get("sheet") ?? null;
  const errors = [];
  if (!file)
    errors.push({ pointer: "/file", code: "required", message: "a form needs the file in the field `file`" });
  if (sheet !== null && (sheet.length === 0 || sheet.length > MAX_SHEET_NAME_LENGTH)) {
    errors.push({
      pointer: "/sheet",
      code: "invalid_sheet",
      message: `must be 1 to ${MAX_SHEET_NAME_LENGTH} characters`,
    });
  }
  if (!file || errors.length > 0) throw validationFailed(errors);
  return { file, sheet };
}

export const productImportHandlers: Handlers = {
  createProductImport: async ({ body }, { principal, db }) => {
    const { file, sheet } = fileOf(body);
    return { status: 202, body: await createProductImport(db, principal, file, sheet) };
  },
  retrieveProductImport: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await findProductImport(db, principal, path.id),
  }),
  retrieveProductImportErrors: async ({ path }, { principal, db }) => ({
    status: 200,
    body: await productImportErrorsCsv(db, principal, path.id),
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${path.id.replace(/[^\w-]/g, "")}-errors.csv"`,
    },
  }),
};
