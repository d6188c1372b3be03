import { describe, expect, it } from 'vitest';
import { buildCurrentUser } from '../../test/factories.ts';
import { canOpenUserPath } from './routeAccess.ts';

const permissionsOf = (names: string[]) => buildCurrentUser(names).permissions;

describe('canOpenUserPath', () => {
  it("applies a route's checks and its parents' (as the route guard does)", () => {
    expect(canOpenUserPath(permissionsOf([]), '/user/settings/notifications')).toBe(false);
    expect(
      canOpenUserPath(permissionsOf(['notificationPreferences:manage']), '/user/settings/notifications'),
    ).toBe(true);
    expect(canOpenUserPath(permissionsOf(['assets:read']), '/user/devices/4/liveView')).toBe(false);
    expect(canOpenUserPath(permissionsOf(['assets:read', 'metrics:read']), '/user/devices/4/liveView')).toBe(
      true,
    );
  });

  it('offers no unknown path (the catch-all only leads to notFound)', () => {
    expect(canOpenUserPath(permissionsOf([]), '/user/nowhere')).toBe(false);
    expect(canOpenUserPath(permissionsOf([]), '/user/dashboard')).toBe(true);
  });
});
