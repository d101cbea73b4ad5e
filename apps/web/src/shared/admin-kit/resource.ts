import type { InputOf, OutputOf } from '@keel/contract/endpoint';
import type { EndpointPath, Endpoints } from '@keel/contract/endpoints/index';
import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ButtonProps } from 'antd/es/button';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { Scope } from '../api/query-key';
import type { Invalidates } from '../api/use-api-mutation';
import type { ColumnSpec, PageData, RowSelection } from './DataTable';
import type { FieldSpec } from './form-fields';
import type { TableParams } from './table-params';

export type CallInput<P extends EndpointPath> = InputOf<Endpoints[P]>;
export type CallOutput<P extends EndpointPath> = OutputOf<Endpoints[P]>;

/**
 * The list call: a contract path, its input what the URL says of it (read through `schema`, the call's own input
 * schema, with `useSearchOf`) with the table's page and size (`input` may adjust it), the answer `{ list, total }`
 * of rows unless `toPage` says otherwise; or query options of the page's own.
 */
export type ListDeclaration<Row, L extends EndpointPath> =
  | {
      path: L;
      schema: z.ZodObject;
      input?: (search: ListSearch<L>) => CallInput<L>;
      toPage?: (data: CallOutput<L>) => PageData<Row>;
    }
  | { query: (params: TableParams) => PageQueryOptions<Row> };

/** Query options answering one page of rows (`scopedQuery`'s, say). */
export interface PageQueryOptions<Row> {
  queryKey: QueryKey;
  queryFn?: QueryFunction<PageData<Row>, never>;
}

/** What the URL says of a list call's input, with the table's page and size. */
export type ListSearch<L extends EndpointPath> = Partial<CallInput<L>> & { pageNum: number; pageSize: number };

/** The edit dialog: its fields, and the save call they are sent to (through `useApiMutation`). */
export interface FormDeclaration<Row, V extends object, S extends EndpointPath> {
  /** The save call, or by the row (create and update are two calls). */
  save: S | ((row: Row | undefined) => S);
  /** The save call's input schema (the contract's): text fields take their length limits from it. */
  schema?: z.ZodObject;
  testId: string;
  /** `row` is the row edited; none when creating. */
  title: (row: Row | undefined) => ReactNode;
  fields: (row: Row | undefined) => readonly FieldSpec<V>[];
  initialValues?: (row: Row | undefined) => Partial<V>;
  /**
   * The save call's input from the form; `null` when nothing changed (the dialog closes without a call), `false`
   * when it cannot be saved yet (the dialog stays open).
   */
  input: (values: V, row: Row | undefined) => SaveInput<S> | Promise<SaveInput<S>>;
  success?: (data: CallOutput<S>, input: CallInput<S>, row: Row | undefined) => string | undefined;
  /** Runs after a save, once the lists are refetched. */
  onSaved?: (data: CallOutput<S>, input: CallInput<S>, row: Row | undefined) => void | Promise<void>;
  /** The lists a save changes (refetched after it); `all` for what shows everywhere (a property's name). */
  invalidates: Invalidates;
  /** The message of a text longer than its limit (the contract's `max`). */
  tooLong: (max: number) => string;
  /** Shown above the fields (a notice about the row). */
  intro?: (row: Row | undefined) => ReactNode;
}

export type SaveInput<S extends EndpointPath> = CallInput<S> | null | false;

/** Delete from a row, after a confirmation. */
export interface RemoveDeclaration<Row, D extends EndpointPath> {
  path: D;
  input: (row: Row) => CallInput<D>;
  confirm: (row: Row) => { title: ReactNode; description?: ReactNode };
  success?: (data: CallOutput<D>, row: Row) => string | undefined;
  invalidates: Invalidates;
}

/** A row button of the kit (edit, delete): how it looks; `disabled` answers why it may not be used, if so. */
export interface ActionButton<Row> {
  label: string;
  icon?: ReactNode;
  /** The icon alone, the label as its tooltip and accessible name. */
  iconOnly?: boolean;
  testId: (row: Row) => string;
  disabled?: (row: Row) => string | undefined;
  buttonProps?: ButtonProps;
}

/** The actions column: the page's own buttons around the kit's edit and delete. */
export interface ActionsDeclaration<Row> {
  title: string;
  width?: number;
  /** Replaces every button of a row that may not be changed (the reason, say; `null` for nothing); `undefined`: it may. */
  blocked?: (row: Row) => ReactNode | undefined;
  before?: (row: Row) => ReactNode;
  edit?: ActionButton<Row>;
  remove?: ActionButton<Row>;
  after?: (row: Row) => ReactNode;
}

/**
 * Where create and edit go: the dialog's route (`search` names the row), so there is one path to each dialog. A
 * route without `search` creates only; a row is then edited in a dialog of the page.
 */
export interface DialogRouteDeclaration<Row> {
  to: string;
  search?: (row: Row) => Record<string, string>;
}

/**
 * A resource as a page shows it: its list call and columns (which double as the FilterBar), its edit dialog's
 * fields and save call, its delete call, and where the page's buttons go. The kit renders the list page
 * (`ResourcePage`) and the edit dialog (`ResourceDialog`) from it.
 */
export interface Resource<
  Row extends object,
  V extends object = object,
  L extends EndpointPath = EndpointPath,
  S extends EndpointPath = EndpointPath,
  D extends EndpointPath = EndpointPath,
> {
  rowKey: keyof Row & string;
  /** `property` (default): the selected property's; `platform`: the back office (no `pno` header). */
  scope?: Scope;
  list: ListDeclaration<Row, L>;
  columns: readonly ColumnSpec<Row>[];
  tableTestId: string;
  form?: FormDeclaration<Row, V, S>;
  remove?: RemoveDeclaration<Row, D>;
  actions?: ActionsDeclaration<Row>;
  /** The create button (absent: none, e.g. without the right). */
  create?: { label: ReactNode; icon?: ReactNode; testId: string };
  dialogRoute?: DialogRouteDeclaration<Row>;
  /** Left of the create button above the table (help text, a filter of the page's own). */
  toolbar?: ReactNode;
  /** Wraps the page in a card with this title (the create button in its corner); otherwise a plain block. */
  card?: { title: ReactNode; testId: string };
  /** The plain block's test id. */
  testId?: string;
  /** Shown instead of the table while no property is selected (property scope). */
  noProperty?: ReactNode;
  selection?: RowSelection<Row>;
}

/**
 * Declares a resource with its row type given, the form's values and the call paths inferred:
 * `defineResource<UserItem>()({ list: { path: 'u/getUserList', … }, … })`.
 */
export function defineResource<Row extends object>() {
  return <
    V extends object = object,
    L extends EndpointPath = never,
    S extends EndpointPath = never,
    D extends EndpointPath = never,
  >(
    resource: Resource<Row, V, L, S, D>,
  ): Resource<Row, V, L, S, D> => resource;
}
