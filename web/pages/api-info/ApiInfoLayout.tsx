import { Suspense } from 'react';
import { Box, Grid, NavLink, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { API_INFO_MENU, type ApiInfoMenuItem } from './menu';
import { MethodBadge } from './parts';

const MENU_TITLE_ID = 'api-info-menu-title';

function MenuLink({
  item,
  path,
  nested,
}: {
  item: ApiInfoMenuItem;
  path: string;
  nested?: boolean;
}) {
  return (
    <>
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        active={path === item.to}
        aria-current={path === item.to ? 'page' : undefined}
        rightSection={item.method ? <MethodBadge method={item.method} size="xs" /> : undefined}
        pl={nested ? 'xl' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      />
      {item.children?.map((child) => (
        <MenuLink key={child.to} item={child} path={path} nested />
      ))}
    </>
  );
}

/** The API documentation (/api-info): the side menu next to the page chosen in it. */
export function ApiInfoLayout() {
  const path = useLocation().pathname.replace(/\/+$/, '');
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Box
          component="nav"
          aria-labelledby={MENU_TITLE_ID}
          style={{ position: 'sticky', top: 'var(--mantine-spacing-md)' }}
        >
          <Title order={2} size="sm" id={MENU_TITLE_ID} tt="uppercase" c="dimmed" mb="xs" px="sm">
            API Info
          </Title>
          {API_INFO_MENU.map((item) => (
            <MenuLink key={item.to} item={item} path={path} />
          ))}
        </Box>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }} miw={0}>
        {/* Keeps the menu in place while a page's code arrives. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </Grid.Col>
    </Grid>
  );
}
