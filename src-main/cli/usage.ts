/**
 * The commands' usage lines, apart from the commands themselves: `catalog-studio help` and a
 * mistyped command print them without loading any command's modules.
 */
export const SERVE_USAGE = `catalog-studio serve --root DIR|s3://BUCKET/PREFIX [--host 127.0.0.1] [--port 2333]
                     [--workers N] [--auth FILE] [--database NAME=DIR|URI ...]
                     [--storage KEY=VALUE ...] [--max-index-builds N] [--max-queued-builds N]
                     [--max-in-flight N] [--body-limit-mb N] [--json-body-limit-mb N]
                     [--headers-timeout-s N] [--request-timeout-s N] [--idle-timeout-s N]
                     [--max-connections-per-client N] [--store-timeout-s N]
                     [--metrics off|loopback|key] [--log-format json|text]
                     [--stop-timeout-s N] [--drain-s N]
    --store-timeout-s N: on an object store, a request it does not answer is given up on after N
    seconds (default 10) and answered 503 with Retry-After
    --workers N: engine processes behind the listening socket (default: one per core, at least
    2), so that a crash costs only that worker's requests in flight; 1 serves in one process
    GET /healthz and GET /readyz are answered outside auth; GET /metrics (Prometheus) by
    --metrics: off (default), loopback, or key (Bearer CATALOG_STUDIO_METRICS_KEY)
    --stop-timeout-s N: on SIGTERM, requests in flight get N seconds (default 30) to finish;
    --drain-s N: before that, N seconds (default 0) of serving while /readyz says not ready`;

export const COPY_USAGE = `catalog-studio copy SRC DST [--mode create|overwrite|append] [--no-indexes]
                     [--resume | --remove-partial] [--src-key KEY] [--dst-key KEY]
                     [--storage KEY=VALUE ...]
    SRC and DST are LOCATION#ID: a folder, s3://… or http(s)://… then the table's id
    (ns/…/table), or a namespace's ending in / (everything under it is copied)`;

export const WEB_USAGE = 'catalog-studio web [--root DIR|URI] [--port N] [--data DIR]';

export const USAGE = `Usage:
  catalog-studio [--root DIR]          the desktop app (the web mode where Electron cannot run)
  ${WEB_USAGE}
  ${SERVE_USAGE}
  ${COPY_USAGE}
  catalog-studio tree --root DIR|URI   print a catalog's namespaces, tables and indexes
                                      (--storage KEY=VALUE for object-store settings)`;
