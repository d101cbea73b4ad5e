import HomeOutlined from '@ant-design/icons/HomeOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-store';
import { signOut } from '../session/sign-out';
import { SlidersIcon } from '../ui/line-icons';
import { MenuButton, type MenuButtonItem } from '../ui/MenuButton';

/** The user's name in the head, opening a menu: sign out and, for operators, the back office and the console. */
export function UserMenu({ light }: { light?: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.userInfo);
  const items: MenuButtonItem[] = [
    ...(user?.isOperator === 1
      ? [
          { key: 'back', icon: <SlidersIcon />, label: t('shell.backOffice') },
          { key: 'home', icon: <HomeOutlined />, label: t('shell.console') },
        ]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: t('shell.signOut'), danger: true },
  ];
  return (
    <MenuButton
      data-testid="user-menu"
      icon={<UserOutlined />}
      onDark={light}
      items={items}
      onSelect={(key) => {
        if (key === 'logout') void signOut(router, queryClient);
        if (key === 'back') void router.navigate({ to: '/Backend/BackendHome' as string });
        if (key === 'home') void router.navigate({ to: '/home' });
      }}
    >
      <span className="k-user-name k-narrow-hidden">{user?.name}</span>
    </MenuButton>
  );
}
