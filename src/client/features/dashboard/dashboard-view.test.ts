import { describe, expect, it } from 'vitest';
import { entryForPath } from '../../../shared/routes';
import { dashboardPaths, dashboardView } from './dashboard-view';

describe('the dashboard’s views', () => {
  const id = '3f2a9c1d-0000-4000-8000-000000000001';

  it('reads each view from its path', () => {
    expect(dashboardView('/customer-dashboard')).toEqual({ tab: 'properties', propertyId: null });
    expect(dashboardView(`/customer-dashboard/properties/${id}`)).toEqual({ tab: 'properties', propertyId: id });
    expect(dashboardView(`/customer-dashboard/properties/${id}/`)).toEqual({ tab: 'properties', propertyId: id });
    expect(dashboardView('/customer-dashboard/account')).toEqual({ tab: 'account' });
    expect(dashboardView('/customer-dashboard/agreements')).toEqual({ tab: 'agreements' });
    expect(dashboardView('/customer-dashboard/agreements/')).toEqual({ tab: 'agreements' });
    expect(dashboardView('/customer-dashboard/properties/%E0%A4%A')).toEqual({ tab: 'properties', propertyId: '%E0%A4%A' });
    expect(dashboardView(`/customer-dashboard/properties/${id}/visits/v-1`)).toEqual({ tab: 'properties', propertyId: id, visitId: 'v-1' });
  });

  it('writes paths that read back as the same view, each served by the portal', () => {
    for (const path of [
      dashboardPaths.home,
      dashboardPaths.account,
      dashboardPaths.agreements,
      dashboardPaths.property(id),
      dashboardPaths.visit(id, id),
      dashboardPaths.estimate(id),
    ])
      expect(entryForPath(path)).toBe('portal');

    expect(dashboardView(dashboardPaths.visit(id, 'v-2'))).toEqual({ tab: 'properties', propertyId: id, visitId: 'v-2' });
    expect(dashboardView(dashboardPaths.property(id))).toEqual({ tab: 'properties', propertyId: id });
    expect(dashboardPaths.property('a/b?c')).toBe('/customer-dashboard/properties/a%2Fb%3Fc');
    expect(entryForPath('/customer-dashboard/properties')).toBe('portal'); // the not-found entry
    expect(entryForPath('/customer-dashboard/elsewhere')).toBe('portal');
  });
});
