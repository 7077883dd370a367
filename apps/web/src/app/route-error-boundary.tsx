// Catches what a page throws while rendering (or a page module that cannot be loaded, after a
// deploy or with the network down) and shows the Spanish error page instead of a blank
// screen. Navigating to another path tries again; until a failure the pages below it are
// never remounted by it.
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './routes/route-error';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The path the state belongs to. */
  pathname: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> {
    // Another path: forget the failure and render the pages again.
    return props.pathname === state.pathname ? {} : { pathname: props.pathname, failed: false };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
