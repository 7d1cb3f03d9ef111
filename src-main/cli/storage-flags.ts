/**
 * `--storage KEY=VALUE` flags: LanceDB storage options (aws_endpoint, aws_region, allow_http, …)
 * for object-store roots, applied to every root the command opens. The AWS_* environment fills in
 * what the flags leave out, as it does for LanceDB. Keys are best left to the environment or a
 * profile (`--storage aws_profile=NAME`): flags show up in process listings.
 */
export function parseStorageFlags(flags: readonly string[] | undefined): Record<string, string> {
  const options: Record<string, string> = {};
  for (const flag of flags ?? []) {
    const at = flag.indexOf('=');
    if (at <= 0) throw new Error(`--storage takes KEY=VALUE (got ${flag})`);
    options[flag.slice(0, at).trim()] = flag.slice(at + 1);
  }
  return options;
}
