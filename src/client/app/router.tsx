import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../features/not-found/components/not-found-page';

/** Routes of the app shell (everything but the prerendered landing page). */
export function AppRouter() {
  return (
    <Switch>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
