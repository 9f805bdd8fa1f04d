/** A problem the health check found and still finds; gone when it clears. */
export interface HealthProblemTable {
  check_key: string;
  since: number;
  detail: string;
}
