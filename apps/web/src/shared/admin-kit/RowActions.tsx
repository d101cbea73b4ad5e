import type { EndpointPath } from '@keel/contract/endpoints/index';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tooltip from 'antd/es/tooltip';
import type { ReactNode } from 'react';
import type { Scope } from '../api/query-key';
import { useApiMutation } from '../api/use-api-mutation';
import { ConfirmAction } from './ConfirmAction';
import type { ActionButton, ActionsDeclaration, RemoveDeclaration } from './resource';

/** A button that may not be used, with the reason as its tooltip. */
function Disabled<Row>({
  spec,
  row,
  reason,
  danger,
}: {
  spec: ActionButton<Row>;
  row: Row;
  reason: string;
  danger?: boolean;
}) {
  return (
    <Tooltip title={reason}>
      <Button
        size="small"
        danger={danger}
        disabled
        icon={spec.icon}
        data-testid={spec.testId(row)}
        {...spec.buttonProps}
      >
        {spec.iconOnly ? null : spec.label}
      </Button>
    </Tooltip>
  );
}

function EditButton<Row>({ spec, row, onEdit }: { spec: ActionButton<Row>; row: Row; onEdit: (row: Row) => void }) {
  const reason = spec.disabled?.(row);
  if (reason) return <Disabled spec={spec} row={row} reason={reason} />;
  const button = (
    <Button
      size="small"
      icon={spec.icon}
      aria-label={spec.iconOnly ? spec.label : undefined}
      onClick={() => onEdit(row)}
      data-testid={spec.testId(row)}
      {...spec.buttonProps}
    >
      {spec.iconOnly ? null : spec.label}
    </Button>
  );
  return spec.iconOnly ? <Tooltip title={spec.label}>{button}</Tooltip> : button;
}

function RemoveButton<Row, D extends EndpointPath>({
  spec,
  remove,
  scope,
  row,
}: {
  spec: ActionButton<Row>;
  remove: RemoveDeclaration<Row, D>;
  scope: Scope;
  row: Row;
}) {
  const call = useApiMutation(remove.path, {
    scope,
    invalidates: remove.invalidates,
    success: (data) => remove.success?.(data, row),
  });
  const reason = spec.disabled?.(row);
  if (reason) return <Disabled spec={spec} row={row} reason={reason} danger />;
  const { title, description } = remove.confirm(row);
  return (
    <ConfirmAction
      title={title}
      description={description}
      onConfirm={() => call(remove.input(row))}
      buttonProps={
        {
          size: 'small',
          icon: spec.icon,
          'aria-label': spec.iconOnly ? spec.label : undefined,
          'data-testid': spec.testId(row),
          ...spec.buttonProps,
        } as never
      }
    >
      {spec.iconOnly ? null : spec.label}
    </ConfirmAction>
  );
}

/** The actions cell of a row: the page's `before`, the kit's edit and delete, the page's `after`. */
export function RowActions<Row, D extends EndpointPath>({
  actions,
  remove,
  scope,
  row,
  onEdit,
}: {
  actions: ActionsDeclaration<Row>;
  remove?: RemoveDeclaration<Row, D>;
  scope: Scope;
  row: Row;
  onEdit: (row: Row) => void;
}): ReactNode {
  const blocked = actions.blocked?.(row);
  if (blocked !== undefined) return blocked;
  return (
    <Space size={4} wrap>
      {actions.before?.(row)}
      {actions.edit && <EditButton spec={actions.edit} row={row} onEdit={onEdit} />}
      {actions.remove && remove && <RemoveButton spec={actions.remove} remove={remove} scope={scope} row={row} />}
      {actions.after?.(row)}
    </Space>
  );
}
