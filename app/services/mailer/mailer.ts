export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Text attachments, such as a session's .ics calendar file. */
  attachments?: { filename: string; contentType: string; content: string }[];
};

/** Sends mail. SMTP when configured; otherwise an outbox on disk that the mailbox page shows. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}
