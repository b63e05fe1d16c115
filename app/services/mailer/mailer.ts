export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** Sends mail. SMTP when configured; otherwise an outbox on disk that the mailbox page shows. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
