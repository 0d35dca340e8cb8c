// The four resources of the anchors (units, properties, companies, users): list columns and form fields.
import type { ReactNode } from 'react';
import type { Row } from './api';

export interface Column {
  source: string;
  label: string;
  numeric?: boolean;
  sortable?: boolean;
  render?: (row: Row, refs: Record<string, string>) => ReactNode;
}

export interface Field {
  source: string;
  label: string;
  type?: 'text' | 'number' | 'boolean' | 'multiline';
  choices?: string[];
  /** A reference: choose one record of this resource. */
  reference?: string;
  required?: boolean;
}

export interface ResourceDef {
  name: string;
  label: string;
  /** "unit", for the form's title. */
  singular: string;
  columns: Column[];
  fields: Field[];
  /** A reference shown in the list: records of this resource by id → name (fetched once). */
  listReference?: string;
}

const TYPES = [
  'Flat',
  'Studio',
  'House',
  'Maisonette',
  'Penthouse',
  'Townhouse',
  'Farmhouse',
  'Flexible office',
  'Flagship retail',
];
const STATUSES = ['Available', 'Let', 'Under Offer', 'Maintenance'];
const text = (source: string, label: string, required = false): Field => ({ source, label, required });
const ADDRESS: Field[] = [
  text('address_line_1', 'Address line 1'),
  text('address_line_2', 'Address line 2'),
  text('city', 'City'),
  text('county', 'County'),
  text('postcode', 'Postcode'),
];

export const RESOURCES: ResourceDef[] = [
  {
    name: 'units',
    singular: 'unit',
    label: 'Units',
    columns: [
      { source: 'name', label: 'Name', sortable: true },
      { source: 'unit_type', label: 'Unit type', sortable: true },
      {
        source: 'property',
        label: 'Property',
        sortable: true,
        render: (r) => (r.property as { name?: string } | null)?.name,
      },
      { source: 'bedrooms', label: 'Bedrooms', numeric: true, sortable: true },
      { source: 'bathrooms', label: 'Bathrooms', numeric: true, sortable: true },
    ],
    fields: [
      text('name', 'Name', true),
      { source: 'property_id', label: 'Property', reference: 'properties', required: true },
      text('unit_ref', 'Reference'),
      { source: 'unit_type', label: 'Unit type', choices: TYPES },
      { source: 'unit_status', label: 'Status', choices: STATUSES },
      text('short_description', 'Short description'),
      { source: 'description', label: 'Description', type: 'multiline' },
      ...ADDRESS,
      text('area', 'Area'),
      { source: 'bedrooms', label: 'Bedrooms', type: 'number' },
      { source: 'bathrooms', label: 'Bathrooms', type: 'number' },
      { source: 'furnished', label: 'Furnished', type: 'boolean' },
    ],
  },
  {
    name: 'properties',
    singular: 'property',
    label: 'Properties',
    listReference: 'companies',
    columns: [
      { source: 'name', label: 'Name', sortable: true },
      { source: 'reference', label: 'Reference', sortable: true },
      { source: 'city', label: 'City', sortable: true },
      { source: 'postcode', label: 'Postcode', sortable: true },
      { source: 'company_id', label: 'Company', render: (r, refs) => refs[String(r.company_id)] },
      { source: 'units', label: 'Units', numeric: true },
    ],
    fields: [
      text('name', 'Name', true),
      text('reference', 'Reference'),
      ...ADDRESS,
      text('country', 'Country'),
      text('area', 'Area'),
    ],
  },
  {
    name: 'companies',
    singular: 'company',
    label: 'Companies',
    columns: [
      { source: 'name', label: 'Name', sortable: true },
      { source: 'city', label: 'City', sortable: true },
      { source: 'postcode', label: 'Postcode', sortable: true },
      { source: 'properties', label: 'Properties', numeric: true },
    ],
    fields: [text('name', 'Name', true), ...ADDRESS],
  },
  {
    name: 'users',
    singular: 'user',
    label: 'Users',
    listReference: 'companies',
    columns: [
      { source: 'name', label: 'Name', sortable: true },
      { source: 'email', label: 'Email', sortable: true },
      { source: 'username', label: 'Username', sortable: true },
      {
        source: 'company_ids',
        label: 'Companies',
        render: (r, refs) => ((r.company_ids as string[] | null) ?? []).map((id) => refs[id]).join(', '),
      },
      { source: 'disabled', label: 'Disabled', render: (r) => (r.disabled ? 'Yes' : 'No') },
    ],
    fields: [text('name', 'Name', true), text('username', 'Username', true), text('email', 'Email', true)],
  },
];
