import { STORAGE_KEYS } from '@keel/contract/constants';
import type { PropertySummary, UserInfo } from '@keel/contract/endpoints/auth';
import { create } from 'zustand';
import { readStored, writeStored } from './storage';

export interface SessionState {
  userInfo: UserInfo | null;
  selectedProperty: PropertySummary | null;
  selectedPropertyPno: string | null;
  /** The selected property's effective menu ids (SPEC §4). */
  menuIdList: string[];
  /** The property `menuIdList` was loaded for; while it differs from the selected one the menu is loading. */
  menuIdsFor: string | null;
  /** `KeyIsForground`: -1 until known in memory; 0 when read from storage without a value. */
  isForeground: number;
  /** Unread messages, kept live by the unread-news socket (shared/realtime). */
  unreadCount: number;
  login(userInfo: UserInfo): Promise<void>;
  selectProperty(property: PropertySummary): Promise<void>;
  /** Replaces the stored user's property list (after joining or leaving a property). */
  setPropertyList(list: PropertySummary[]): void;
  clearProperty(): void;
  clearUserInfo(): void;
  setForeground(value: number): void;
  setUnreadCount(count: number): void;
}

/** Fetches the selected property's menu ids: `null` when they cannot be had. */
export type MenuIdsLoader = () => Promise<string[] | null>;

let loadMenuIds: MenuIdsLoader = async () => null;

/**
 * Sets how the store fetches menu ids (`fetchMenuIds` from `menu-ids.ts`, set in main.tsx). Injected rather than
 * imported, since the API client reads this store: an import would close the cycle client → store → client.
 */
export function setMenuIdsLoader(loader: MenuIdsLoader): void {
  loadMenuIds = loader;
}

function initialState() {
  return {
    userInfo: readStored<UserInfo>(STORAGE_KEYS.userInfo),
    selectedProperty: readStored<PropertySummary>(STORAGE_KEYS.selectedProperty),
    selectedPropertyPno: readStored<string>(STORAGE_KEYS.selectedPropertyPno),
    menuIdList: [] as string[],
    menuIdsFor: null as string | null,
    isForeground: -1,
    unreadCount: 0,
  };
}

export const useSession = create<SessionState>()((set, get) => ({
  ...initialState(),

  async login(userInfo) {
    writeStored(STORAGE_KEYS.userInfo, userInfo);
    set({ userInfo });
    const first = userInfo.propertyList[0];
    if (first) await get().selectProperty(first);
    else get().clearProperty();
  },

  async selectProperty(property) {
    writeStored(STORAGE_KEYS.selectedProperty, property);
    writeStored(STORAGE_KEYS.selectedPropertyPno, property.pno);
    set({ selectedProperty: property, selectedPropertyPno: property.pno });
    const ids = await loadMenuIds();
    // A later selection wins: only store ids for the property still selected.
    if (get().selectedPropertyPno === property.pno) set({ menuIdList: ids ?? [], menuIdsFor: property.pno });
  },

  setPropertyList(propertyList) {
    const userInfo = get().userInfo;
    if (!userInfo) return;
    const next = { ...userInfo, propertyList };
    writeStored(STORAGE_KEYS.userInfo, next);
    set({ userInfo: next });
  },

  clearProperty() {
    writeStored(STORAGE_KEYS.selectedProperty, null);
    writeStored(STORAGE_KEYS.selectedPropertyPno, null);
    set({ selectedProperty: null, selectedPropertyPno: null, menuIdList: [], menuIdsFor: null });
  },

  clearUserInfo() {
    writeStored(STORAGE_KEYS.userInfo, null);
    set({ userInfo: null });
    get().clearProperty();
  },

  setForeground(value) {
    writeStored(STORAGE_KEYS.isForeground, value);
    set({ isForeground: value });
  },

  setUnreadCount(count) {
    set({ unreadCount: count });
  },
}));

/** `KeyIsForground` as read from storage: 0 when nothing is stored. */
export function readStoredForeground(): number {
  return readStored<number>(STORAGE_KEYS.isForeground) ?? 0;
}

/** Re-reads the store from local storage (tests, and other tabs signing out). */
export function reloadSessionFromStorage(): void {
  useSession.setState(initialState());
}
