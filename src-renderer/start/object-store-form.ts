/**
 * The object-store dialog's fields as the host takes them, and what is wrong with each while it
 * is typed: the URI must be s3://bucket[/prefix]; gs:// and az:// are named as not supported yet
 * rather than failing later with a less useful message.
 */
import type { ObjectStoreSettings } from '../../src-main/shared/contract';

export type CredentialSource = 'environment' | 'profile' | 'keys';

export interface ObjectStoreForm {
  uri: string;
  endpoint: string;
  region: string;
  /** Undefined until the user chooses: then path-style follows whether an endpoint is typed. */
  pathStyle: boolean | undefined;
  source: CredentialSource;
  profile: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

export const EMPTY_OBJECT_STORE_FORM: ObjectStoreForm = {
  uri: '',
  endpoint: '',
  region: '',
  pathStyle: undefined,
  source: 'keys',
  profile: '',
  accessKeyId: '',
  secretAccessKey: '',
  sessionToken: '',
};

const NOT_YET: Record<string, string> = {
  gs: 'Google Cloud Storage',
  gcs: 'Google Cloud Storage',
  az: 'Azure Blob Storage',
  abfs: 'Azure Blob Storage',
  abfss: 'Azure Blob Storage',
  adl: 'Azure Data Lake Storage',
};

export function uriProblem(raw: string): string | undefined {
  const uri = raw.trim();
  if (!uri) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(uri)?.[1]?.toLowerCase();
  if (!scheme) return 'Give the URI as s3://bucket or s3://bucket/prefix';
  if (NOT_YET[scheme]) {
    return `${scheme}:// (${NOT_YET[scheme]}) is not supported yet; this version opens S3 and S3-compatible stores`;
  }
  if (scheme === 'http' || scheme === 'https') {
    return 'That is a web address: give the bucket as s3://bucket/prefix and the address as the endpoint';
  }
  if (scheme !== 's3' && scheme !== 's3a')
    return `${scheme}:// is not an object-store URI; use s3://`;
  const rest = uri.slice(uri.indexOf('://') + 3).replace(/\/+$/, '');
  const [bucket, ...prefix] = rest.split('/');
  if (!bucket) return 'The URI needs a bucket: s3://bucket/prefix';
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(bucket) || bucket.length > 255) {
    return `"${bucket}" is not a bucket name: letters, digits, dots and hyphens`;
  }
  if (prefix.some((part) => part === '')) return 'The prefix has an empty part (“//”)';
  if (/[\s?#]/.test(rest)) return 'The URI may not hold spaces, “?” or “#”';
  return undefined;
}

export function endpointProblem(raw: string): string | undefined {
  const endpoint = raw.trim();
  if (!endpoint) return undefined;
  if (!/^https?:\/\//i.test(endpoint)) return 'The endpoint must start with http:// or https://';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint is an address such as https://s3.example.com or http://127.0.0.1:9000';
  }
  if (url.search || url.hash) return 'The endpoint may not carry “?” or “#”';
  return undefined;
}

export function regionProblem(raw: string): string | undefined {
  const region = raw.trim();
  if (!region || /^[a-z0-9][a-z0-9-]*$/i.test(region)) return undefined;
  return 'A region is a name such as us-east-1';
}

/** Path-style as shown and sent: the user's choice, else on for a custom endpoint. */
export function effectivePathStyle(form: ObjectStoreForm): boolean {
  return form.pathStyle ?? form.endpoint.trim() !== '';
}

export interface FormProblems {
  uri?: string;
  endpoint?: string;
  region?: string;
  credentials?: string;
}

export function formProblems(form: ObjectStoreForm): FormProblems {
  const credentials =
    form.source === 'profile' && !form.profile.trim()
      ? 'Give the name of a profile in ~/.aws/credentials or ~/.aws/config'
      : form.source === 'keys' && (!form.accessKeyId.trim() || !form.secretAccessKey)
        ? 'Give the access key ID and the secret access key'
        : undefined;
  const problems: FormProblems = {
    uri: uriProblem(form.uri),
    endpoint: endpointProblem(form.endpoint),
    region: regionProblem(form.region),
    credentials,
  };
  return Object.fromEntries(
    Object.entries(problems).filter(([, v]) => v !== undefined),
  ) as FormProblems;
}

/** Whether the form can be sent: a URI, and nothing wrong with any field. */
export function isComplete(form: ObjectStoreForm): boolean {
  return form.uri.trim() !== '' && Object.keys(formProblems(form)).length === 0;
}

export function objectStoreSettings(form: ObjectStoreForm): ObjectStoreSettings {
  const endpoint = form.endpoint.trim();
  const region = form.region.trim();
  return {
    kind: 'object-store',
    uri: form.uri.trim(),
    ...(endpoint ? { endpoint } : {}),
    ...(region ? { region } : {}),
    pathStyle: effectivePathStyle(form),
    credentials:
      form.source === 'environment'
        ? { source: 'environment' }
        : form.source === 'profile'
          ? { source: 'profile', profile: form.profile.trim() }
          : {
              source: 'keys',
              accessKeyId: form.accessKeyId.trim(),
              secretAccessKey: form.secretAccessKey,
              ...(form.sessionToken.trim() ? { sessionToken: form.sessionToken.trim() } : {}),
            },
  };
}
