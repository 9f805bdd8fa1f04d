import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** An SMTP server in the test process that keeps every message it accepts, parsed; or refuses them all for a while. */
export interface SmtpSink {
  port: number;
  messages: ParsedMail[];
  /** Answer the next `count` messages with 451 (try again later). */
  refuseNext(count: number): void;
  stop(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      if (refusing > 0) {
        refusing--;
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error("Try again later"), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    messages,
    refuseNext(count) {
      refusing = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
