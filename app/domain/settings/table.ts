export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}
