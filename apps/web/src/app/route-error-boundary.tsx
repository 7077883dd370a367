// Catches what a page throws while rendering (or a page module that cannot be loaded, after a
// deploy or with the network down) and shows the Spanish error page instead of a blank
// screen. Keyed by the path, so navigating elsewhere tries again.
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './routes/route-error';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary key={useLocation().pathname}>{children}</Boundary>;
}
