export interface OutgoingSms {
  /** International number: '+', calling code and digits. */
  to: string;
  text: string;
}

/** Sends text messages; rejects when the message could not be handed over for delivery. */
export interface SmsSender {
  readonly kind: 'outbox' | 'webhook';
  send(sms: OutgoingSms): Promise<void>;
}
