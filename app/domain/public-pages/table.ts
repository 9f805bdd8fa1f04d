export interface PublicPagesGenerationTable {
  id: number;
  /** Bumped by every write that changes what a public page shows. */
  generation: number;
}
