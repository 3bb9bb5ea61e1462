// The README's webhook endpoints. Type-checked in CI against the SDK's sources, and run by its tests.
import type { IncomingMessage, ServerResponse } from "node:http";
import { Bahi, type Schema, WebhookVerificationError } from "@bahi/sdk";

async function handle(event: Schema<"Event">): Promise<void> {
  if (event.type === "invoice.paid") console.log("paid:", event.data.object.id);
}

// Fetch-style (Deno, Bun, Cloudflare Workers, Next.js route handlers, Hono):
export async function handleWebhook(request: Request, secret: string): Promise<Response> {
  const rawBody = new Uint8Array(await request.arrayBuffer());
  try {
    const event = await Bahi.webhooks.verify(rawBody, request.headers, secret);
    await handle(event);
    return new Response(null, { status: 204 });
  } catch (error) {
    if (error instanceof WebhookVerificationError) return new Response(error.message, { status: 400 });
    throw error;
  }
}

// Node's http module (with Express, mount it with express.raw({ type: "application/json" })):
export async function nodeWebhookHandler(req: IncomingMessage, res: ServerResponse, secret: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const event = await Bahi.webhooks.verify(Buffer.concat(chunks), req.headers, secret);
    await handle(event);
    res.writeHead(204).end();
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    res.writeHead(400).end(error.message);
  }
}
