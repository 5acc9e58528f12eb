// A JSON Schema as nested lists of fields, with `$ref`s resolved to their component names.

import type { RefResolver, Schema } from './openapi-model';
import { isObject } from './openapi-model';
import {
  constraintsOf,
  enumValues,
  hasChildren,
  propertiesOf,
  resolveSchema,
  typeLabel,
  variantsOf,
} from './schema-display';
import { Description } from './Description';
import { Disclosure } from './Disclosure';

interface Context {
  resolver: RefResolver;
  seen: ReadonlySet<string>;
  depth: number;
}

// Beyond this depth nested fields start collapsed, so deep documents stay readable.
const OPEN_DEPTH = 2;

export function SchemaView({ schema, resolver }: { schema: Schema; resolver: RefResolver }) {
  return <SchemaBody schema={schema} context={{ resolver, seen: new Set(), depth: 0 }} showSummary />;
}

function Facts({ schema }: { schema: Schema }) {
  const facts = constraintsOf(schema);
  const values = enumValues(schema);
  if (facts.length === 0 && !values) return null;
  return (
    <div className="schema-facts">
      {values && (
        <span className="schema-enum">
          one of:{' '}
          {values.map((value, i) => (
            <code key={i}>{JSON.stringify(value)}</code>
          ))}
        </span>
      )}
      {facts.map((fact) => (
        <span key={fact} className="schema-fact">
          {fact}
        </span>
      ))}
    </div>
  );
}

function SchemaBody({
  schema,
  context,
  showSummary = false,
}: {
  schema: Schema;
  context: Context;
  showSummary?: boolean;
}) {
  const resolved = resolveSchema(schema, context.resolver, context.seen);
  if (resolved.cyclic) return <p className="schema-cyclic">{resolved.name}: see above (recursive).</p>;
  const inner = resolved.schema;
  const seen = resolved.ref ? new Set([...context.seen, resolved.ref]) : context.seen;
  const next: Context = { resolver: context.resolver, seen, depth: context.depth + 1 };
  return (
    <div className="schema">
      {showSummary && (
        <div className="schema-summary">
          <span className="schema-type">{resolved.name ?? typeLabel(inner, context.resolver)}</span>
          {resolved.name && (
            <span className="schema-type schema-type--muted">{typeLabel(inner, context.resolver)}</span>
          )}
        </div>
      )}
      {showSummary && isObject(inner) && (
        <Description
          text={typeof inner.description === 'string' ? inner.description : null}
          className="schema-description"
        />
      )}
      {showSummary && <Facts schema={inner} />}
      <SchemaChildren schema={inner} context={next} />
    </div>
  );
}

function SchemaChildren({ schema, context }: { schema: Schema; context: Context }) {
  if (!isObject(schema)) return null;
  const variants = variantsOf(schema);
  if (variants) {
    return (
      <ol className="schema-variants">
        {variants.schemas.map((variant, index) => (
          <li key={index}>
            <span className="schema-variant-label">
              {variants.kind === 'oneOf' ? 'Option' : 'Variant'} {index + 1}
              {isObject(variant) && typeof variant.title === 'string' && `: ${variant.title}`}
            </span>
            <SchemaBody schema={variant} context={context} showSummary />
          </li>
        ))}
      </ol>
    );
  }
  const properties = propertiesOf(schema, context.resolver, context.seen);
  if (properties.length > 0) {
    return (
      <ul className="schema-props">
        {properties.map((property) => (
          <PropertyRow key={property.name} {...property} context={context} />
        ))}
      </ul>
    );
  }
  if (isObject(schema.additionalProperties)) {
    return (
      <div className="schema-nested">
        <span className="schema-variant-label">Each value</span>
        <SchemaBody schema={schema.additionalProperties} context={context} showSummary />
      </div>
    );
  }
  if (isObject(schema.items) && hasChildren(schema.items, context.resolver, context.seen)) {
    return (
      <div className="schema-nested">
        <span className="schema-variant-label">Each item</span>
        <SchemaBody schema={schema.items} context={context} showSummary />
      </div>
    );
  }
  return null;
}

function PropertyRow({
  name,
  schema,
  required,
  context,
}: {
  name: string;
  schema: Schema;
  required: boolean;
  context: Context;
}) {
  const resolved = resolveSchema(schema, context.resolver, context.seen);
  const inner = resolved.schema;
  const description = isObject(inner) && typeof inner.description === 'string' ? inner.description : null;
  const deprecated = isObject(inner) && inner.deprecated === true;
  const expandable = hasChildren(schema, context.resolver, context.seen);
  return (
    <li className="schema-prop">
      <div className="schema-prop__head">
        <code className="schema-prop__name">{name}</code>
        <span className="schema-type">{typeLabel(schema, context.resolver)}</span>
        {required && <span className="schema-required">required</span>}
        {deprecated && <span className="badge badge--deprecated">Deprecated</span>}
      </div>
      <Description text={description} className="schema-description" />
      <Facts schema={inner} />
      {expandable && (
        <Disclosure className="schema-details" summary={`Fields of ${name}`} defaultOpen={context.depth < OPEN_DEPTH}>
          <SchemaBody schema={schema} context={context} />
        </Disclosure>
      )}
    </li>
  );
}
