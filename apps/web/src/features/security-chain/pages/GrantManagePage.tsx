import { useNavigate } from '@tanstack/react-router';
import Card from 'antd/es/card';
import Tabs from 'antd/es/tabs';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { GRANT_PAGE } from '../api';
import { FuncRecordsTable } from '../components/FuncRecordsTable';
import { GrantPoolsTab } from '../components/GrantPoolsTab';
import { PrivilegedUsersTab } from '../components/PrivilegedUsersTab';
import { SecuritySpaceGate, SecuritySpaceSelect, useSecuritySpace } from '../components/SecuritySpaceGate';
import { UserAuthsTab } from '../components/UserAuthsTab';
import { WhiteListTab } from '../components/WhiteListTab';

/** The tab the URL opens (`?tab=`): privileged users first; the grant pools and white lists join it. */
const TAB_SEARCH = z.object({ tab: z.enum(['privileged', 'users', 'pools', 'whiteList', 'records']) }).partial();

/**
 * `/SecurityChain/GrantManagePage`: the authorisations of a security space (`?sid=`, the first one by default), by
 * tab (`?tab=`). Its first tab is the space's privileged users (`PrivilegedUsersTab`): members who may operate any
 * function of the space, within an optional window; with `security.grant.privileged`, add, disable, enable, delete.
 */
export function GrantManagePage() {
  const { t } = useTranslation();
  const state = useSecuritySpace();
  const { tab = 'privileged' } = useSearchOf(TAB_SEARCH);
  const search = useSearchRecord();
  const navigate = useNavigate();
  return (
    <Card
      title={t('security-chain.grant.title')}
      data-testid="sc-grant-page"
      extra={<SecuritySpaceSelect list={state.list} value={state.space?.sid} />}
    >
      <SecuritySpaceGate state={state}>
        {(space) => (
          <Tabs
            activeKey={tab}
            onChange={(key) =>
              void navigate({ to: GRANT_PAGE as never, search: { sid: search.sid, tab: key } as never, replace: true })
            }
            items={[
              {
                key: 'privileged',
                label: t('security-chain.grant.privileged'),
                children: <PrivilegedUsersTab key={space.sid} sid={space.sid} />,
              },
              {
                // The space's user authorisations (`UserAuthsTab`); adding opens /SecurityChain/AddNewUserAuthDialog.
                key: 'users',
                label: t('security-chain.userAuth.tab'),
                children: <UserAuthsTab key={space.sid} sid={space.sid} />,
              },
              {
                // The space's grant pools (`GrantPoolsTab`); set up and edit in /SecurityChain/GrantPoolSettingDialog.
                key: 'pools',
                label: t('security-chain.pool.tab'),
                children: <GrantPoolsTab key={space.sid} sid={space.sid} />,
              },
              {
                // The space's white lists (`WhiteListTab`); adding opens /SecurityChain/AddWhiteListAuthDialog.
                key: 'whiteList',
                label: t('security-chain.white.tab'),
                children: <WhiteListTab key={space.sid} sid={space.sid} />,
              },
              {
                // The space's records: issues, refusals and uses (`FuncRecordsTable`).
                key: 'records',
                label: t('security-chain.records.tab'),
                children: <FuncRecordsTable key={space.sid} sid={space.sid} testId="sc-grant-records" />,
              },
            ]}
          />
        )}
      </SecuritySpaceGate>
    </Card>
  );
}
