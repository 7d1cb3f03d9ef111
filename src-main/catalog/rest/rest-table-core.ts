/**
 * What the parts of a remote table handle share: the session, the table's path in the contract's
 * URLs (from the REST contract's rows), its branch and pinned version, and the POST most table
 * operations are.
 */
import { ERROR_CODES, errors } from '../../../src-shared/vocabulary/errors';
import { describeId } from '../../../src-shared/vocabulary/ids';
import {
  routeRequest,
  type RestMethod,
  type RestRoute,
} from '../../../src-shared/rest-contract/route';
import type { RestSession } from './rest-session';

export class RestTableCore {
  constructor(
    readonly session: RestSession,
    readonly name: string,
    readonly namespacePath: readonly string[],
    readonly pinnedVersion: number | undefined,
    readonly branch: string | undefined,
  ) {}

  /** A remote create answers its location and version itself; no handle carries them. */
  readonly created: undefined = undefined;

  /** A contract route's method and path for this table (and `name`, an index's, for index routes). */
  at(route: RestRoute, name?: string): { method: RestMethod; path: string } {
    return routeRequest(route, {
      id: [...this.namespacePath, this.name],
      ...(name === undefined ? {} : { name }),
      delimiter: this.session.transport.settings.delimiter,
    });
  }

  get id(): string {
    return describeId([...this.namespacePath, this.name]);
  }

  branchOf(branch: string | undefined): string | undefined {
    return branch ?? this.branch;
  }

  writable(): void {
    if (this.pinnedVersion !== undefined) {
      throw errors.InvalidTableState(
        `This handle on ${this.id} is pinned at version ${this.pinnedVersion} and is read-only; open the latest version to write`,
      );
    }
  }

  post<T>(
    route: RestRoute,
    json: unknown,
    notFound: number = ERROR_CODES.TableNotFound,
    name?: string,
  ): Promise<T> {
    return this.session.json<T>({
      ...this.at(route, name),
      json,
      notFound: notFound as never,
    });
  }
}
