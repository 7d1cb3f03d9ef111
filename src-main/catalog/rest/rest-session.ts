/**
 * What the handles of one remote catalog share: the transport, the jobs tracker, and the request
 * context and identity. `withContext` makes a view whose requests carry extra context (`header.<Name>` keys
 * become headers) and which keeps the last response's context for the caller to read.
 */
import { RestJobs } from './rest-jobs';
import type {
  RequestContext,
  RestRequest,
  RestResponse,
  RestStreamResponse,
  RestTransport,
} from './rest-transport';

/** The contract's identity object: credentials carried in the request body. */
export interface Identity {
  api_key?: string;
  auth_token?: string;
}

export class RestSession {
  /** The context of the last response received through this session. */
  lastResponseContext: RequestContext = {};
  readonly jobs: RestJobs;

  constructor(
    readonly transport: RestTransport,
    private readonly context: RequestContext = {},
    private readonly identity?: Identity,
  ) {
    // Each view follows its jobs with its own headers and identity.
    this.jobs = new RestJobs(transport, (request) => this.send(request));
  }

  withContext(context: RequestContext): RestSession {
    return new RestSession(this.transport, { ...this.context, ...context }, this.identity);
  }

  /**
   * A view that sends `identity` in every JSON request body, as the contract allows, and also as
   * the matching header (`x-api-key`, or `Authorization: Bearer`): servers that authenticate before
   * reading a body (ours does) see only headers, and GET requests have no body at all.
   */
  withIdentity(identity: Identity): RestSession {
    const headers: RequestContext = {};
    if (identity.api_key) headers['header.x-api-key'] = identity.api_key;
    else if (identity.auth_token) headers['header.Authorization'] = `Bearer ${identity.auth_token}`;
    return new RestSession(this.transport, { ...headers, ...this.context }, identity);
  }

  async send(request: RestRequest): Promise<RestResponse> {
    const response = await this.transport.send(this.prepared(request));
    this.lastResponseContext = response.context;
    return response;
  }

  /** As `send`, but answers before the body is read: see RestTransport.open. */
  async open(request: RestRequest): Promise<RestStreamResponse> {
    const response = await this.transport.open(this.prepared(request));
    this.lastResponseContext = response.context;
    return response;
  }

  private prepared(request: RestRequest): RestRequest {
    const json =
      this.identity &&
      request.json !== undefined &&
      typeof request.json === 'object' &&
      !Array.isArray(request.json)
        ? { ...(request.json as object), identity: this.identity }
        : request.json;
    return {
      ...request,
      ...(json === undefined ? {} : { json }),
      context: { ...this.context, ...request.context },
    };
  }

  async json<T>(request: RestRequest): Promise<T> {
    return (await this.send(request)).json<T>();
  }
}
