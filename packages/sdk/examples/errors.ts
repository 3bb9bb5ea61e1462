// The README's error handling and request options. Type-checked in CI against the SDK's sources.

import type { Bahi } from "@bahi/sdk";
import { BahiError, NotFoundError, RateLimitError, type Schema, ValidationError } from "@bahi/sdk";

export async function issue(bahi: Bahi, order: Schema<"InvoiceCreate">, orderId: string) {
  try {
    // Your own key makes a retry after a crash of yours safe too; the SDK's retries reuse it.
    return await bahi.invoices.create(order, { idempotencyKey: `order-${orderId}`, timeout: 10_000 });
  } catch (error) {
    if (error instanceof ValidationError) {
      for (const field of error.errors) console.error(field.pointer, field.code, field.message);
    } else if (error instanceof RateLimitError) {
      console.error(`Rate limited; retry in ${error.retryAfter ?? "a few"} seconds`);
    } else if (error instanceof NotFoundError) {
      console.error("No such party:", order.party_id);
    } else if (error instanceof BahiError) {
      console.error(error.status, error.code, error.detail, "request", error.requestId);
    }
    throw error;
  }
}
