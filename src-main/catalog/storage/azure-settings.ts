/**
 * Settings for an `az://container/prefix` root (Azure Blob Storage, or Azurite), resolved once
 * from the storage options the user gave (LanceDB's own keys) and the AZURE_STORAGE_* environment,
 * as LanceDB resolves them, so that LanceDB and the catalog's own object calls reach the same
 * account with the same credentials.
 *
 * The catalog's own state needs a shared key or a SAS token: Entra ID sign-in (which LanceDB can
 * use for table data) has no client here yet, so it is refused with a message that says so.
 */
import { errors } from '../../../src-shared/vocabulary/errors';
import { parseStoreRoot, optionReader } from './storage-option';

export interface AzureSettings {
  container: string;
  /** Blob name prefix of the catalog inside the container, without slashes at either end. */
  prefix: string;
  account: string;
  /** The account's blob endpoint, account path included for Azurite: `http://host:port/account`. */
  endpoint: string;
  accountKey?: string;
  sasToken?: string;
}

/** Azurite's well-known development account and key (public, documented by Microsoft). */
const EMULATOR_ACCOUNT = 'devstoreaccount1';
const EMULATOR_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

/** LanceDB's keys (and their short aliases) with the environment variable each falls back to. */
const KEYS = {
  account: [['azure_storage_account_name', 'account_name'], 'AZURE_STORAGE_ACCOUNT_NAME'],
  key: [['azure_storage_account_key', 'account_key', 'access_key'], 'AZURE_STORAGE_ACCOUNT_KEY'],
  sas: [['azure_storage_sas_token', 'sas_token'], 'AZURE_STORAGE_SAS_TOKEN'],
  endpoint: [['azure_storage_endpoint', 'endpoint'], 'AZURE_STORAGE_ENDPOINT'],
  emulator: [['azure_storage_use_emulator', 'use_emulator'], 'AZURE_STORAGE_USE_EMULATOR'],
  allowHttp: [['allow_http', 'azure_allow_http'], 'AZURE_ALLOW_HTTP'],
} as const;

const option = optionReader(KEYS);

export function parseAzureRoot(root: string): { container: string; prefix: string } {
  const { bucket, prefix } = parseStoreRoot(root, 'az');
  return { container: bucket, prefix };
}

export function resolveAzureSettings(
  root: string,
  options: Record<string, string> = {},
  env: NodeJS.ProcessEnv = process.env,
): AzureSettings {
  const { container, prefix } = parseAzureRoot(root);
  const emulator = option(options, env, 'emulator') === 'true';
  const account = option(options, env, 'account') ?? (emulator ? EMULATOR_ACCOUNT : undefined);
  if (!account) {
    throw errors.InvalidInput(
      `The Azure root ${root} needs a storage account (azure_storage_account_name or AZURE_STORAGE_ACCOUNT_NAME)`,
    );
  }
  const accountKey = option(options, env, 'key') ?? (emulator ? EMULATOR_KEY : undefined);
  const sasToken = option(options, env, 'sas');
  if (!accountKey && !sasToken) {
    throw errors.InvalidInput(
      `The Azure root ${root} needs the account key (azure_storage_account_key or AZURE_STORAGE_ACCOUNT_KEY) or a SAS token (azure_storage_sas_token); Entra ID sign-in is not supported for the catalog's own files yet`,
    );
  }
  const endpoint = (
    option(options, env, 'endpoint') ??
    (emulator
      ? `${(env.AZURITE_BLOB_STORAGE_URL ?? 'http://127.0.0.1:10000').replace(/\/+$/, '')}/${account}`
      : `https://${account}.blob.core.windows.net`)
  ).replace(/\/+$/, '');
  if (endpoint.startsWith('http://') && !emulator && option(options, env, 'allowHttp') !== 'true') {
    throw errors.InvalidInput(
      `The endpoint ${endpoint} is plain http; set allow_http=true to use it (LanceDB refuses http otherwise)`,
    );
  }
  return {
    container,
    prefix,
    account,
    endpoint,
    ...(accountKey ? { accountKey } : {}),
    ...(sasToken ? { sasToken } : {}),
  };
}

/** The storage options LanceDB needs to reach the same account with the same credentials. */
export function lanceAzureOptions(settings: AzureSettings): Record<string, string> {
  return {
    azure_storage_account_name: settings.account,
    azure_storage_endpoint: settings.endpoint,
    ...(settings.endpoint.startsWith('http://') ? { allow_http: 'true' } : {}),
    ...(settings.accountKey ? { azure_storage_account_key: settings.accountKey } : {}),
    ...(settings.sasToken ? { azure_storage_sas_token: settings.sasToken } : {}),
  };
}
