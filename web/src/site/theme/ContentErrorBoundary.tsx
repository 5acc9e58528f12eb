// Catches a crash of the page content so the navbar and footer stay usable (as Docusaurus's layout
// does). Route-level errors are caught earlier by the router with the same screens (app/RouteError).

import { Component, type ReactNode } from 'react';
import { CrashPage } from '../../app/RouteError';

interface State {
  error: unknown;
}

export class ContentErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown error') };
  }

  override render() {
    if (this.state.error !== null) {
      return <CrashPage error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
