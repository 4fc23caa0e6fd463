/** Small pieces shared by the account-services sections. */
import { ACCOUNT_TEXTS } from '../../machines/accountServices/accountServices.logic.ts';

/** The section's messages: an error (alert), a notice (status), and why nothing can be signed. */
export function Messages({ error, notice, signer }: { error: string | null; notice: string | null; signer?: string | null }) {
  return (
    <>
      {signer === null ? (
        <p className="banner" role="note">
          {ACCOUNT_TEXTS.noSigner}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="banner banner-error">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="banner">
          {notice}
        </p>
      ) : null}
    </>
  );
}

/** What a busy state is doing, for the status line. */
export function Busy({ text }: { text: string | null }) {
  return text ? (
    <p role="status" aria-live="polite" className="muted">
      {text}
    </p>
  ) : null;
}

/** A form field's problem, as an alert. */
export function FieldError({ text, id }: { text: string | null; id?: string }) {
  return text ? (
    <p role="alert" id={id} className="field-error">
      {text}
    </p>
  ) : null;
}
