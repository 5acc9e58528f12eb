// Latency samples and error counts of one measured phase.

export class Samples {
  private readonly values: number[] = [];
  private sorted: number[] | undefined;

  add(ms: number): void {
    this.values.push(ms);
    this.sorted = undefined;
  }

  get count(): number {
    return this.values.length;
  }

  /** Nearest-rank percentile (p in 0..100); NaN without samples. */
  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    this.sorted ??= [...this.values].sort((a, b) => a - b);
    const rank = Math.min(this.sorted.length, Math.max(1, Math.ceil((p / 100) * this.sorted.length)));
    return this.sorted[rank - 1]!;
  }

  get p50(): number {
    return this.percentile(50);
  }

  get p99(): number {
    return this.percentile(99);
  }

  get mean(): number {
    if (this.values.length === 0) return Number.NaN;
    return this.values.reduce((sum, value) => sum + value, 0) / this.values.length;
  }
}

/** Per-call samples and errors; keeps the first few error messages to show what went wrong. */
export class Recorder {
  readonly samples = new Map<string, Samples>();
  readonly errors = new Map<string, number>();
  readonly firstErrors: string[] = [];

  of(call: string): Samples {
    let samples = this.samples.get(call);
    if (!samples) {
      samples = new Samples();
      this.samples.set(call, samples);
    }
    return samples;
  }

  record(call: string, ms: number): void {
    this.of(call).add(ms);
  }

  error(call: string, detail: string): void {
    this.errors.set(call, (this.errors.get(call) ?? 0) + 1);
    if (this.firstErrors.length < 5) this.firstErrors.push(`${call}: ${detail}`);
  }

  errorsOf(call: string): number {
    return this.errors.get(call) ?? 0;
  }

  get totalErrors(): number {
    let total = 0;
    for (const count of this.errors.values()) total += count;
    return total;
  }
}

export const elapsedMs = (startedAt: bigint): number => Number(process.hrtime.bigint() - startedAt) / 1e6;
export const now = (): bigint => process.hrtime.bigint();
