import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends people their links: through BAHI_SMTP_URL, or, unset, into the log, as development wants. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function mailerFor(
  smtpUrl: string | null,
  logger: Logger,
  from = "Bahi <no-reply@bahi.local>",
): Mailer {
  if (!smtpUrl) {
    return {
      async send(mail) {
        logger.info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail (BAHI_SMTP_URL unset)");
      },
    };
  }
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
