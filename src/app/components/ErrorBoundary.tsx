import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../pages/ErrorPage';

/** Catches rendering errors (and screens that fail to load): never a blank page, never a stack trace. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  // Set here rather than as a class field, which the es2020 build turns into a helper the welcome page would carry.
  constructor(props: { children: ReactNode }) {
    super(props);
    this.state = { error: null };
  }

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    return this.state.error ? <ErrorPage chunkFailed={this.state.error.message === 'Loading chunk failed'} /> : this.props.children;
  }
}
