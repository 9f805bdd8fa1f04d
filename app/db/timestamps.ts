/** When a row was made and last changed, epoch ms: the end of every table the operator edits. */
export interface Timestamps {
  created_at: number;
  updated_at: number;
}
