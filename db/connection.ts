import postgres from 'postgres';

export type Sql = postgres.Sql;

export function connect(url: string, options: { max?: number } = {}): Sql {
  return postgres(url, {
    max: options.max ?? 10,
    // Migrations and projections emit notices we do not want on stdout.
    onnotice: () => {},
    // bigint columns hold minor-unit amounts; they fit in a JS number far beyond any real payment,
    // and numbers keep arithmetic in domain modules simple.
    types: {
      bigint: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (value: string) => Number(value),
      },
    },
  });
}
