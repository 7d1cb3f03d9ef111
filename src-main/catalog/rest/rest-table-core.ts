/**
 * What the parts of a remote table handle share: the session, the table's path in the contract's
 * URLs, its branch and pinned version, and the POST every table operation is.
 */
import { ERROR_CODES, errors } from '../../../src-shared/vocabulary/errors';
import { describeId, encodeIdSegment } from '../../../src-shared/vocabulary/ids';
import type { RestSession } from './rest-session';

export class RestTableCore {
  constructor(
    readonly session: RestSession,
    readonly name: string,
    readonly namespacePath: readonly string[],
    readonly pinnedVersion: number | undefined,
    readonly branch: string | undefined,
  ) {}

  get path(): string {
    return `/v1/table/${encodeIdSegment([...this.namespacePath, this.name], this.session.transport.settings.delimiter)}`;
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

  post<T>(action: string, json: unknown, notFound: number = ERROR_CODES.TableNotFound): Promise<T> {
    return this.session.json<T>({
      method: 'POST',
      path: `${this.path}/${action}`,
      json,
      notFound: notFound as never,
    });
  }
}
