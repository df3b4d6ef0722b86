import { Component, type ReactNode } from 'react';
import { NoticeCard } from '../components/layout/notice-card';

/** Where the error card's link takes the user: their audience's first screen. */
export interface ScreenHome {
  href: string;
  label: string;
}

interface Props {
  home: ScreenHome;
  /** The screen's location (path and query): once it changes, the user has moved on and the boundary shows the screen again. */
  at: string;
  children: ReactNode;
}

/**
 * Around an entry's routed screen, under its frame (decision 011): a screen that throws while it
 * renders shows the error card, "Something went wrong on this page", instead of unmounting the
 * whole page. The frame's navigation keeps working, and moving to another screen shows that
 * screen. React writes the error to the browser's console (its default `onCaughtError`). A screen
 * whose code did not load is not an error here: it shows the not-loaded notice (app/lazy-screen.tsx).
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.at !== this.props.at) this.setState({ failed: false });
  }

  override render() {
    const { home, children } = this.props;
    if (!this.state.failed) return children;
    // Its buttons' look is in styles.css (.screen-error), so the entries' scripts carry no class lists for them.
    return (
      <div role="alert" className="screen-error">
        <NoticeCard title="Something went wrong on this page">
          <button type="button" onClick={() => location.reload()}>
            Reload page
          </button>
          {/* A plain link: the audience's first screen, loaded anew. */}
          <a href={home.href}>Go to {home.label}</a>
        </NoticeCard>
      </div>
    );
  }
}
