import { Tabs } from '@mantine/core';
import { useLocation, useNavigate, useResolvedPath } from 'react-router';

export interface LinkTab {
  /** The child path relative to the layout route, e.g. 'users'. */
  path: string;
  label: string;
}

/**
 * Tabs that are routes: the active tab follows the address, so a tab can be linked and reloaded. Renders only
 * the tab list; the layout's Outlet shows the panel.
 */
export function LinkTabs({ tabs, label }: { tabs: readonly LinkTab[]; label: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const base = useResolvedPath('.').pathname.replace(/\/$/, '');
  const rest = pathname.startsWith(`${base}/`) ? pathname.slice(base.length + 1) : '';
  const active = tabs.find((tab) => rest === tab.path || rest.startsWith(`${tab.path}/`))?.path ?? null;

  return (
    <Tabs value={active} onChange={(value) => value !== null && void navigate(`${base}/${value}`)}>
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
