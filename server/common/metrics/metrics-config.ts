export interface MetricsListenerConfig {
  host: string;
  port: number;
}

export interface MetricsVariables {
  port: string;
  host: string;
  defaultPort: number;
}

/**
 * Where the metrics listener binds, from two environment variables (an empty value counts as
 * unset). Port 0 turns the listener off: operators who do not scrape, or who run several
 * instances on one host without a port each, open nothing. Loopback unless told otherwise.
 */
export function loadMetricsListenerConfig(env: NodeJS.ProcessEnv, variables: MetricsVariables): MetricsListenerConfig | undefined {
  const portText = env[variables.port]?.trim() || String(variables.defaultPort);
  const host = env[variables.host]?.trim() || '127.0.0.1';
  if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535) {
    throw new Error(`Invalid ${variables.port}: '${portText}' is not a port (0 turns the metrics listener off)`);
  }
  if (/\s/.test(host)) throw new Error(`Invalid ${variables.host}: '${host}' is not a host name or address`);
  const port = Number(portText);
  return port === 0 ? undefined : { host, port };
}
