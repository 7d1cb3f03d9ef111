/**
 * What the handles of one remote catalog share: the transport, the jobs tracker, and the request
 * context. `withContext` makes a view whose requests carry extra context (`header.<Name>` keys
 * become headers) and which keeps the last response's context for the caller to read.
 */
import { RestJobs } from './rest-jobs';
import type { RequestContext, RestRequest, RestResponse, RestTransport } from './rest-transport';

export class RestSession {
  /** The context of the last response received through this session. */
  lastResponseContext: RequestContext = {};

  constructor(
    readonly transport: RestTransport,
    readonly jobs: RestJobs = new RestJobs(transport),
    private readonly context: RequestContext = {},
  ) {}

  withContext(context: RequestContext): RestSession {
    return new RestSession(this.transport, this.jobs, { ...this.context, ...context });
  }

  async send(request: RestRequest): Promise<RestResponse> {
    const response = await this.transport.send({
      ...request,
      context: { ...this.context, ...request.context },
    });
    this.lastResponseContext = response.context;
    return response;
  }

  async json<T>(request: RestRequest): Promise<T> {
    return (await this.send(request)).json<T>();
  }
}
