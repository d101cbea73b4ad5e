import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import CloudServerOutlined from '@ant-design/icons/CloudServerOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import FileOutlined from '@ant-design/icons/FileOutlined';
import FolderOutlined from '@ant-design/icons/FolderOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import MessageOutlined from '@ant-design/icons/MessageOutlined';
import MobileOutlined from '@ant-design/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import UsbOutlined from '@ant-design/icons/UsbOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import type { ComponentType } from 'react';

/** The icons catalogue menus may name; anything else shows the generic one (keeps the shell small). */
const icons: Record<string, ComponentType> = {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  FileOutlined,
  FolderOutlined,
  HomeOutlined,
  KeyOutlined,
  LockOutlined,
  MessageOutlined,
  MobileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UsbOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && icons[name]) || AppstoreOutlined;
  return <Icon />;
}
