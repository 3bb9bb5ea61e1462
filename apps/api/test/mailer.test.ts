import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailerFor } from "../src/mail/mailer.js";

/** Just enough of SMTP (RFC 5321) to take one message, as a mail relay would. */
function smtpReceiver(received: string[]): Server {
  return createServer((socket) => {
    let inData = false;
    let data = "";
    let buffer = "";
    socket.write("220 test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          data += buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(data);
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-test\r\n250 8BITMIME\r\n");
        else if (verb === "DATA") {
          inData = true;
          data = "";
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
}

describe("the mailer", () => {
  const received: string[] = [];
  let server: Server;
  beforeAll(async () => {
    server = smtpReceiver(received);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends through BAHI_SMTP_URL", async () => {
    const { port } = server.address() as AddressInfo;
    const mailer = mailerFor(`smtp://127.0.0.1:${port}`, pino({ level: "silent" }));
    await mailer.send({
      to: "viewer@acme.example",
      subject: "You are invited to Bahi",
      text: "Join: http://x/app#tok",
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain("Subject: You are invited to Bahi");
    expect(received[0]).toContain("To: viewer@acme.example");
    expect(received[0]).toContain("Join: http://x/app#tok");
  });

  it("writes the message to the log when BAHI_SMTP_URL is unset", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    await mailerFor(null, pino({ level: "info" }, sink)).send({
      to: "a@acme.example",
      subject: "Reset",
      text: "link #tok",
    });
    const line = JSON.parse(lines[0] ?? "{}");
    expect(line).toMatchObject({ to: "a@acme.example", subject: "Reset", text: "link #tok" });
  });
});
