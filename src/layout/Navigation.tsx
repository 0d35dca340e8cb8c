// Side navigation: react-admin's <Menu> frame with our own items, because react-admin's
// MenuItemLink marks /dashboard active on every page below it and Home must be current on the exact
// path only.
import type { ComponentType } from 'react';
import { ListItemIcon, MenuItem, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import { Link, useLocation } from 'react-router';
import { useTranslate } from 'ra-core';
import { Menu, useSidebarState } from 'react-admin';
import { areaKeyOfResource, type Area } from '../../contract/access';
import { viewerOf } from '../../providers/authProvider';
import { isCurrentNavItem, visibleNavItems } from './navItems';
import { resources } from '../../resources';
import { useSessionUser } from './useSessionUser';

/** The areas that are pages rather than resources; a resource's area shows its registration's icon. */
const PAGE_ICONS: Partial<Record<string, ComponentType>> = { home: HomeOutlined, reports: AssessmentOutlined };

/** The icon of the resource registered for the item's list (resources/index.ts), else for its area, found by its
 * declaration's area. */
const iconByPath = new Map<string, ComponentType>(
  resources.flatMap((r) => (r.icon ? [[`/dashboard/${r.name}`, r.icon as ComponentType] as const] : [])),
);
const RESOURCE_ICONS: Partial<Record<string, ComponentType>> = Object.fromEntries(
  resources.flatMap((r) => {
    const area = areaKeyOfResource(r.name);
    return area && r.icon ? [[area, r.icon as ComponentType]] : [];
  }),
);

/** A list icon, never Home's, for an item that names none. */
const iconOf = (area: Area): ComponentType =>
  PAGE_ICONS[area.key] ?? iconByPath.get(area.path) ?? RESOURCE_ICONS[area.key] ?? ListAltOutlined;

function NavItem({ area, current }: { area: Area; current: boolean }) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const Icon = iconOf(area);
  const label = translate(area.nav ?? '');
  const item = (
    <MenuItem
      component={Link}
      to={area.path}
      selected={current}
      aria-current={current ? 'page' : undefined}
      onClick={() => isSmall && setOpen(false)}
      sx={{
        borderLeft: '3px solid transparent',
        py: 1.25,
        '&.Mui-selected': { borderLeftColor: 'primary.main', color: 'primary.main', fontWeight: 600 },
        '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
      }}
    >
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {label}
      </Typography>
    </MenuItem>
  );
  return open ? (
    item
  ) : (
    <Tooltip title={label} placement="right">
      {item}
    </Tooltip>
  );
}

export function Navigation() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const items = visibleNavItems(viewerOf(useSessionUser()));
  return (
    <Menu aria-label={translate('olympus.nav.label')}>
      {items.map((area) => (
        <NavItem key={area.key} area={area} current={isCurrentNavItem(area.path, pathname)} />
      ))}
    </Menu>
  );
}
