/**
 * Catches what a lazily loaded screen or dialog throws while rendering — above all its code failing to load: a
 * network failure, or a chunk whose bytes do not match the build's import-map integrity (decision 0022) — and says
 * so in place, instead of React unmounting the whole app. A new `resetKey` (the route, the flow) renders the
 * children again; the browser keeps a failed module failed until the page is reloaded.
 */
import { Component, type ReactNode } from 'react';

interface Props {
  /** What failed, for the message: "This screen", "This dialog". */
  what: string;
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

export class CodeBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const message = error instanceof Error ? error.message : String(error);
    return (
      <div role="alert" className="banner banner-error">
        <p>
          <strong>{this.props.what} could not be shown.</strong> {message}
        </p>
        <p>
          If its code did not load, the network failed or the host served a file that is not part of this build (its
          integrity check failed). Reload the page to try again; if it keeps failing, do not sign anything from this host.
        </p>
      </div>
    );
  }
}
