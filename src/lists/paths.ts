// Canonical record paths: /dashboard/{resource}/create and /dashboard/{resource}/{id}/edit.
// react-admin's own links would be /{resource}/{id}, so the lists emit these.
import type { Identifier } from 'ra-core';

export const createPath = (basename: string, resource: string): string => `${basename}/${resource}/create`;

export const editPath = (basename: string, resource: string, id: Identifier): string =>
  `${basename}/${resource}/${encodeURIComponent(String(id))}/edit`;
