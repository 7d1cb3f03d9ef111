/**
 * The object-store dialog's fields as the host takes them, and what is wrong with each while it
 * is typed: the URI must be s3://bucket[/prefix], az://container[/prefix] or gs://bucket[/prefix];
 * Azure's other URI forms are named as not supported yet rather than failing later with a less
 * useful message. The three key fields carry each scheme's credentials as the host's
 * ObjectStoreKeys tells: for az the account name, the account key and a SAS token; for gs only
 * the session token, which holds the service account key (JSON).
 */
import type { ObjectStoreSettings } from '../../src-shared/studio-procedures';

export type CredentialSource = 'environment' | 'profile' | 'keys';

export type ObjectStoreScheme = 's3' | 'az' | 'gs';

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
  /** The scheme of the last URI that had one: the scheme the key fields were typed for. */
  keysScheme: ObjectStoreScheme | undefined;
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
  keysScheme: undefined,
};

/** The scheme families the engine opens; s3a is S3's Hadoop name. */
const SCHEMES: Record<string, ObjectStoreScheme> = { s3: 's3', s3a: 's3', az: 'az', gs: 'gs' };

const NOT_YET: Record<string, string> = {
  gcs: 'Google Cloud Storage; give it as gs://',
  abfs: 'Azure Blob Storage; give it as az://container/prefix',
  abfss: 'Azure Blob Storage; give it as az://container/prefix',
  adl: 'Azure Data Lake Storage',
};

/** The scheme family of a URI the dialog can open, undefined until one is typed. */
export function uriScheme(raw: string): ObjectStoreScheme | undefined {
  const scheme = /^\s*([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(raw)?.[1]?.toLowerCase();
  return scheme ? SCHEMES[scheme] : undefined;
}

const EXAMPLE = 's3://bucket/prefix, az://container/prefix or gs://bucket/prefix';

export function uriProblem(raw: string): string | undefined {
  const uri = raw.trim();
  if (!uri) return undefined;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(uri)?.[1]?.toLowerCase();
  if (!scheme) return `Give the URI as ${EXAMPLE}`;
  if (NOT_YET[scheme]) return `${scheme}:// (${NOT_YET[scheme]}) is not supported yet`;
  if (scheme === 'http' || scheme === 'https') {
    return 'That is a web address: give the bucket as s3://bucket/prefix and the address as the endpoint';
  }
  const family = SCHEMES[scheme];
  if (!family) return `${scheme}:// is not an object-store URI; use s3://, az:// or gs://`;
  const rest = uri.slice(uri.indexOf('://') + 3).replace(/\/+$/, '');
  const [bucket, ...prefix] = rest.split('/');
  if (!bucket) {
    return family === 'az'
      ? 'The URI needs a container: az://container/prefix'
      : `The URI needs a bucket: ${scheme}://bucket/prefix`;
  }
  const named = nameProblem(family, bucket);
  if (named) return named;
  if (prefix.some((part) => part === '')) return 'The prefix has an empty part (“//”)';
  if (/[\s?#]/.test(rest)) return 'The URI may not hold spaces, “?” or “#”';
  return undefined;
}

/** Each service's own naming rules, so that a name it would refuse is caught while typed. */
function nameProblem(family: ObjectStoreScheme, name: string): string | undefined {
  switch (family) {
    case 'az':
      if (!/^[a-z0-9](?:-?[a-z0-9])*$/.test(name) || name.length < 3 || name.length > 63) {
        return `"${name}" is not a container name: 3 to 63 lowercase letters, digits and single hyphens, starting and ending with a letter or digit`;
      }
      return undefined;
    case 'gs':
      // Names with dots may reach 222 characters, in parts of at most 63.
      if (
        !/^[a-z0-9][a-z0-9._-]*[a-z0-9]$/.test(name) ||
        name.length < 3 ||
        name.length > (name.includes('.') ? 222 : 63) ||
        name.split('.').some((part) => part.length > 63)
      ) {
        return `"${name}" is not a bucket name: 3 to 63 lowercase letters, digits, hyphens, underscores and dots, starting and ending with a letter or digit`;
      }
      return undefined;
    case 's3':
      if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) || name.length > 255) {
        return `"${name}" is not a bucket name: letters, digits, dots and hyphens`;
      }
      return undefined;
  }
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

/**
 * The change a newly typed URI makes. Keys typed for another service are emptied: an S3 key id
 * is no Azure account name, and a secret should not be sent to a service it was not made for.
 * A profile holds AWS keys only, so an az:// or gs:// URI moves a profile choice to typed keys
 * rather than leave a choice the dialog no longer shows.
 */
export function uriChange(form: ObjectStoreForm, uri: string): Partial<ObjectStoreForm> {
  const scheme = uriScheme(uri);
  if (!scheme) return { uri };
  const otherKeys = form.keysScheme !== undefined && form.keysScheme !== scheme;
  return {
    uri,
    keysScheme: scheme,
    ...(otherKeys ? { accessKeyId: '', secretAccessKey: '', sessionToken: '' } : {}),
    ...(form.source === 'profile' && scheme !== 's3' ? { source: 'keys' as const } : {}),
  };
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

function credentialsProblem(form: ObjectStoreForm): string | undefined {
  const scheme = uriScheme(form.uri) ?? 's3';
  if (form.source === 'profile') {
    if (scheme !== 's3') return 'A profile holds AWS credentials; choose another source';
    return form.profile.trim()
      ? undefined
      : 'Give the name of a profile in ~/.aws/credentials or ~/.aws/config';
  }
  if (form.source !== 'keys') return undefined;
  switch (scheme) {
    case 's3':
      return form.accessKeyId.trim() && form.secretAccessKey
        ? undefined
        : 'Give the access key ID and the secret access key';
    case 'az':
      return form.accessKeyId.trim() && (form.secretAccessKey || form.sessionToken.trim())
        ? undefined
        : 'Give the account name, and the account key or a SAS token';
    case 'gs':
      return form.sessionToken.trim() ? undefined : 'Paste the service account key (JSON)';
  }
}

export function formProblems(form: ObjectStoreForm): FormProblems {
  const scheme = uriScheme(form.uri);
  const problems: FormProblems = {
    uri: uriProblem(form.uri),
    // Fields the dialog hides for a scheme are not sent, so nothing in them is a problem.
    ...(scheme === 'gs' ? {} : { endpoint: endpointProblem(form.endpoint) }),
    ...(scheme === 'az' || scheme === 'gs' ? {} : { region: regionProblem(form.region) }),
    credentials: credentialsProblem(form),
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
  const scheme = uriScheme(form.uri) ?? 's3';
  // What was typed for another scheme before the URI changed stays in the form, not in the settings.
  const endpoint = scheme === 'gs' ? '' : form.endpoint.trim();
  const region = scheme === 's3' ? form.region.trim() : '';
  return {
    kind: 'object-store',
    uri: form.uri.trim(),
    ...(endpoint ? { endpoint } : {}),
    ...(region ? { region } : {}),
    ...(scheme === 's3' ? { pathStyle: effectivePathStyle(form) } : {}),
    credentials:
      form.source === 'environment'
        ? { source: 'environment' }
        : form.source === 'profile'
          ? { source: 'profile', profile: form.profile.trim() }
          : typedCredentials(scheme, form),
  };
}

function typedCredentials(
  scheme: ObjectStoreScheme,
  form: ObjectStoreForm,
): Extract<ObjectStoreSettings['credentials'], { source: 'keys' }> {
  const token = form.sessionToken.trim();
  if (scheme === 'gs') return { source: 'keys', ...(token ? { sessionToken: token } : {}) };
  const accessKeyId = form.accessKeyId.trim();
  return {
    source: 'keys',
    ...(accessKeyId ? { accessKeyId } : {}),
    // An Azure SAS token may stand in for the account key, which the contract wants absent, not ''.
    ...(form.secretAccessKey ? { secretAccessKey: form.secretAccessKey } : {}),
    ...(token ? { sessionToken: token } : {}),
  };
}
