// The README's product import. Type-checked in CI against the SDK's sources.
import { readFile } from "node:fs/promises";
import type { Bahi } from "@bahi/sdk";

export async function importCatalogue(bahi: Bahi, path: string) {
  let job = await bahi.products.imports.create(await readFile(path), {
    filename: "catalogue.xlsx",
    sheet: "Products",
  });
  while (job.status === "queued" || job.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    job = await bahi.products.imports.retrieve(job.id);
  }
  if (job.counts.rejected > 0) console.log(await bahi.products.imports.retrieveErrors(job.id));
  return job;
}
