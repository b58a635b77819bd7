import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';

type Bindings = pino.Bindings;
type ChildLoggerOptions = pino.ChildLoggerOptions;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Whether a logger at `threshold` writes a line at `level` ('silent' and unknown levels write nothing). */
const enabled = (threshold: string, level: Level) => (pino.levels.values[threshold] ?? Infinity) <= pino.levels.values[level]!;

/**
 * A request's logger that makes its pino child only when a line at an enabled level is written.
 * Methods live on the prototype: a request allocates this one object and nothing else.
 */
class LazyChild {
  private instance: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.instance ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (!enabled((this.instance ?? this.parent).level, level)) return;
    (this.made()[level] as (...args: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.instance ?? this.parent).level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }
  silent(): void {}
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a request's child logger is made the first time the request
 * logs at an enabled level. pino runs its redaction over a child's bindings when the child is
 * made, which at every request cost more than anything else on the portal's read path, while
 * most requests log nothing at all.
 */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = function (logger, bindings, options) {
  // A route with its own level or serializers gets its child at once: the level decides what is enabled.
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyChild(logger, bindings, options) as unknown as FastifyBaseLogger;
};
