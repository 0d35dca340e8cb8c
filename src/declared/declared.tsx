// The browser half of a declared resource (docs/resources.md): the react-admin resource the registry
// (resources/index.ts) lists, generated from the declaration — the list screen (ListScreen over
// declaredColumns, the search box from `list.searchBox`), the create and edit screens (the server's
// form, ResourceFormPage), the trash screen (/dashboard/{spa}/trash and the list's "Trash" button,
// unless the declaration has no trash), the import screen (/dashboard/{spa}/import and the list's
// "Import" button, unless the declaration has no import), the icon and label. Overrides carry only what a resource's
// screens do beyond these. Only the list is in this module's chunk: the other screens load when first opened.
import { Fragment, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useRecordContext, type RaRecord } from 'ra-core';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import { Route } from 'react-router';
import { hasTrash, type ResourceDecl } from '../../contract/resources/declare';
import type { RecordData } from '../forms/fieldModel';
import type { ResourceFormConfig } from '../forms/ResourceFormPage';
import {
  EditLinkButton,
  ListScreen,
  RemoveButton,
  type BackLink,
  type ListColumn,
  type ListRowActions,
} from '../lists';
import { TrashLinkButton } from '../trash/TrashLinkButton';
import { ImportLinkButton } from '../imports/ImportLinkButton';
import { importable } from '../../contract/imports';
import { backLinkOf } from './backLink';
import { declaredColumns } from './columns';
import { lazyScreen, preloadOf } from './lazyScreen';
import { formTexts, listKey, resourceKey } from './texts';

// Everything but the list loads when first opened (docs/speed.md "The first screen").
const DeclaredCreate = lazyScreen(() => import('./declaredForms').then((m) => m.DeclaredCreate));
const DeclaredEdit = lazyScreen(() => import('./declaredForms').then((m) => m.DeclaredEdit));
const TrashScreen = lazyScreen(() => import('../trash/TrashScreen').then((m) => m.TrashScreen));
const ImportScreen = lazyScreen(() => import('../imports/ImportScreen').then((m) => m.ImportScreen));

export interface ScreenOverrides<R extends RaRecord = RaRecord> {
  /** The menu's and the registry's icon (a generic one by default). */
  icon?: ComponentType;
  /** The list's columns, from the derived ones (e.g. lines of an address as one "Address" column). */
  columns?: (derived: ListColumn<R>[]) => ListColumn<R>[];
  /** The row's buttons: edit and remove by default; with one, its text heads the column. */
  rowActions?: readonly ('edit' | 'remove')[];
  /** The row's remove button, when the resource needs another (users: their own confirm dialog). */
  removeButton?: ReactElement;
  /** Which records get the row's buttons (all by default). */
  rowActionsFor?: (record: R) => boolean;
  /** The list's back link (by default its area's overview page, else Home: ./backLink.ts). */
  back?: BackLink;
  /** The name a record goes by (its `name`, else the first column, by default). */
  recordRepresentation?: string;
  /** Checkbox lists of the create form get a "Select all" box. */
  toggleAll?: boolean;
  /** An edit screen of its own instead of the generated one. */
  edit?: Screen;
  /**
   * A hook the list screen calls for what changes with the screen's state: buttons before Export and
   * Create, extra list options (`meta`), whether the company line shows (users: "View All Users").
   */
  useListExtras?: () => { actions?: ReactNode; meta?: Record<string, unknown>; showCompany?: boolean };
  /** Refuse a blank name before sending ("All fields are required"). */
  needsName?: boolean;
  /** Sections under the edit form, from the loaded record (e.g. a property's units). */
  editBelow?: (data: RecordData) => ReactNode;
}

type Screen = () => ReactElement;

type ListExtras = ReturnType<NonNullable<ScreenOverrides['useListExtras']>>;
const noExtras = (): ListExtras => ({});

/** A generated resource: its screens are components (the tests render them). */
export interface DeclaredResource {
  name: string;
  list: Screen;
  create: Screen;
  edit: Screen;
  icon: ComponentType;
  options: { label: string };
  recordRepresentation: string;
  /** The resource's own routes under /dashboard/{spa}: its trash and its import. */
  children?: ReactElement;
}

function rowActionsOf<R extends RaRecord>(
  spa: string,
  actions: readonly ('edit' | 'remove')[],
  o: ScreenOverrides<R>,
): ListRowActions {
  const only = o.rowActionsFor;
  const remove = o.removeButton ?? <RemoveButton label={listKey(spa, 'remove')} />;
  const buttons = {
    edit: (
      <EditLinkButton key="edit" label={listKey(spa, 'edit')} onIntent={preloadOf(o.edit) ?? DeclaredEdit.preload} />
    ),
    remove: <Fragment key="remove">{remove}</Fragment>,
  };
  const all = <>{actions.map((a) => buttons[a])}</>;
  const Some = () => {
    const record = useRecordContext<R>();
    return record && only?.(record) ? all : null;
  };
  return {
    label: actions.length === 1 ? listKey(spa, actions[0]) : 'olympus.lists.actions',
    element: only ? <Some /> : all,
  };
}

/** `R`, the record as the API answers it (RecordOf<typeof decl>), types the overrides' columns. */
export function declaredResource<R extends RaRecord = RaRecord>(
  d: ResourceDecl,
  o: ScreenOverrides<R> = {},
): DeclaredResource {
  // The derived columns read only keys the declaration names, which are keys of R.
  const derived = declaredColumns(d) as ListColumn<R>[];
  const columns = o.columns ? o.columns(derived) : derived;
  const rowActions = rowActionsOf(d.spa, o.rowActions ?? ['edit', 'remove'], o);
  const useListExtras = o.useListExtras ?? noExtras;
  const scoped = d.tenancy === 'scoped';
  const form: ResourceFormConfig = {
    resource: d.spa,
    listPath: `/dashboard/${d.spa}`,
    texts: formTexts(d.spa),
    needsName: o.needsName,
    companyLine: scoped,
  };

  const back = o.back ?? backLinkOf(d);
  const trash = hasTrash(d);
  const imports = importable(d);
  const List = () => {
    const extras = useListExtras();
    const actions =
      trash || imports ? (
        <>
          {extras.actions}
          {imports && <ImportLinkButton />}
          {trash && <TrashLinkButton />}
        </>
      ) : (
        extras.actions
      );
    return (
      <ListScreen<R>
        title={listKey(d.spa, 'title')}
        createLabel={listKey(d.spa, 'create')}
        onCreateIntent={DeclaredCreate.preload}
        searchPlaceholder={listKey(d.spa, 'search')}
        columns={columns}
        rowActions={rowActions}
        csvFilename={d.name}
        showCompany={extras.showCompany ?? scoped}
        back={back}
        meta={extras.meta}
        actions={actions}
        bulk={d}
      />
    );
  };
  const formProps = { form, toggleAll: o.toggleAll, editBelow: o.editBelow, history: d.history !== false };
  const Create = () => <DeclaredCreate {...formProps} />;
  const Edit = () => <DeclaredEdit {...formProps} />;
  return {
    name: d.spa,
    list: List,
    create: Create,
    edit: o.edit ?? Edit,
    icon: o.icon ?? TableRowsOutlined,
    options: { label: resourceKey(d.spa, 'name') },
    recordRepresentation: o.recordRepresentation ?? (Object.hasOwn(d.fields, 'name') ? 'name' : d.list.columns[0]),
    ...(trash || imports
      ? {
          children: (
            <>
              {trash && <Route path="trash" element={<TrashScreen decl={d} />} />}
              {imports && <Route path="import" element={<ImportScreen decl={d} />} />}
            </>
          ),
        }
      : {}),
  };
}
