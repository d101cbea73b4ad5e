/** The tables modules/app-group owns: only its files query them (architecture §6, tools/ownership.ts). */
export interface AppGroupTables {
  app_groups: AppGroupsTable;
  app_group_devices: AppGroupDevicesTable;
  app_group_categories: AppGroupCategoriesTable;
  app_group_category_apps: AppGroupCategoryAppsTable;
}

/** An app group: the store the devices it names show, kept for one master app of the property (migration 0044). */
export interface AppGroupsTable {
  group_id: string;
  pno: string;
  /** The app (modules/app-store) that shows the store on the device: one group per master app. */
  master_app_id: string;
  name_zh: string;
  name_en: string;
  /** Lower-cased names, searched by the list. */
  search_text: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** A device of a group: a device is in one group at most. */
export interface AppGroupDevicesTable {
  group_id: string;
  pno: string;
  device_id: string;
}

/** A category of a group, shown in `position` order. */
export interface AppGroupCategoriesTable {
  category_id: string;
  group_id: string;
  pno: string;
  name_zh: string;
  name_en: string;
  position: number;
  /** An image of the app store's uploads, '' for none. */
  icon_fid: string;
  created_at: number;
  updated_at: number;
}

/** An app of a category, shown in `position` order. */
export interface AppGroupCategoryAppsTable {
  category_id: string;
  pno: string;
  app_id: string;
  position: number;
}
