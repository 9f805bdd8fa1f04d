import type { MailboxInput } from "./mailbox-config";

/** A complete Bank e-mail alerts card as the operator fills it for a Gmail mailbox; tests change what they test. */
export function mailboxInput(overrides: Partial<MailboxInput> = {}): MailboxInput {
  return {
    enabled: true,
    host: "imap.gmail.com",
    port: "993",
    tls: true,
    username: "alerts@shop.in",
    folder: "INBOX",
    allowedDomains: "hdfcbank.net",
    receivingHost: "",
    recipients: "owner@shop.in",
    ...overrides,
  };
}
