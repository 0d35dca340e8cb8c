// The registry the admin maps over (DESIGN §2): one declaration per resource, each default-exported by
// resources/<name>/index.ts. Adding a resource = adding its folder + one line in `resources`.
// Admin pages that are not resources (the reports page of SPEC §2) register in `pages`.
import type { ComponentType } from 'react';
import type { ResourceProps } from 'ra-core';

/** A react-admin <Resource>; `name` is the path under /dashboard (users, company, property, unit, roles). */
export type OlympusResource = Pick<ResourceProps, 'name' | 'list' | 'create' | 'edit' | 'icon' | 'options' | 'recordRepresentation' | 'children'>;

/** A page inside the admin layout at /dashboard/{path}, guarded by the route guard like any other. */
export interface OlympusPage {
  path: string;
  component: ComponentType;
}

export const resources: OlympusResource[] = [];

export const pages: OlympusPage[] = [];
