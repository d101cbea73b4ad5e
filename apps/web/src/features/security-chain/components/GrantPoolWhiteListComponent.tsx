import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { POOL_DIALOG_SEARCH } from '../pool-api';
import { PoolFuncSelect } from './PoolFuncSelect';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from './SecuritySpaceGate';
import { WhiteListTab } from './WhiteListTab';

/**
 * `/SecurityChain/GrantPoolWhiteListComponent`: one function's white list on its own (`?sid=&funcId=`), with the
 * choice of space and function; add (the function fixed) and delete as on the authorisations page.
 */
export function GrantPoolWhiteListComponent() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  const { funcId } = useSearchOf(POOL_DIALOG_SEARCH);
  const update = useSearchUpdate();
  return (
    <Card
      title={t('security-chain.white.funcTitle')}
      data-testid="sc-wl-component"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => (
          <Space direction="vertical" style={{ width: '100%' }} size="middle">
            <div style={{ width: '100%', maxWidth: 420 }}>
              <PoolFuncSelect
                key={space.sid}
                sid={space.sid}
                testId="sc-wl-component-func"
                value={funcId}
                onChange={(id) => update({ funcId: id, str: undefined, memberType: undefined, pageNum: undefined })}
              />
            </div>
            {funcId ? (
              <WhiteListTab key={`${space.sid}-${funcId}`} sid={space.sid} funcId={funcId} />
            ) : (
              <Empty description={t('security-chain.white.chooseFunc')} />
            )}
          </Space>
        )}
      </SecuritySpaceGate>
    </Card>
  );
}
