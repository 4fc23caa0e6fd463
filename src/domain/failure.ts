/**
 * What a wallet or device effect rejects with: a kind the statecharts route on and the message to show. Plain
 * JSON, so the event log records it as it is. Each flow names its own kinds (`WalletFailure` in its types).
 */
export interface Failure<Kind extends string> {
  kind: Kind;
  message: string;
}
