import type { ApiResponse, MediaContent, Operation, Parameter, RefResolver } from './openapi-model';
import { typeLabel } from './schema-display';
import { Description } from './Description';
import { Disclosure } from './Disclosure';
import { SchemaView } from './SchemaView';

export function MethodBadge({ method }: { method: string }) {
  return <span className={`api-method api-method--${method.toLowerCase()}`}>{method}</span>;
}

function statusClass(status: string): string {
  const first = status.charAt(0);
  if (first === '2' || first === '3') return 'success';
  if (first === '4') return 'client-error';
  if (first === '5') return 'server-error';
  return 'other';
}

export function OperationView({
  operation,
  resolver,
  securityNames,
}: {
  operation: Operation;
  resolver: RefResolver;
  securityNames: string[][];
}) {
  return (
    <section
      className={`api-operation ${operation.deprecated ? 'api-operation--deprecated' : ''}`}
      id={operation.anchor}
      aria-labelledby={`${operation.anchor}-title`}
    >
      <h3 className="api-operation__title anchor" id={`${operation.anchor}-title`}>
        <MethodBadge method={operation.method} />
        <code className="api-operation__path">{operation.path}</code>
        {operation.deprecated && <span className="badge badge--deprecated">Deprecated</span>}
        <a href={`#${operation.anchor}`} className="hash-link" aria-label="Direct link to this operation">
          #
        </a>
      </h3>
      {operation.summary && <p className="api-operation__summary">{operation.summary}</p>}
      <Description text={operation.description} />
      {securityNames.length > 0 && (
        <p className="api-operation__security">
          <strong>Authentication:</strong>{' '}
          {securityNames.map((names) => (names.length === 0 ? 'none' : names.join(' + '))).join(' or ')}
        </p>
      )}
      <ParameterTable parameters={operation.parameters} resolver={resolver} />
      {operation.requestBody && (
        <div className="api-block">
          <h4>Request body {operation.requestBody.required && <span className="schema-required">required</span>}</h4>
          <Description text={operation.requestBody.description} />
          {operation.requestBody.contents.map((content) => (
            <MediaView key={content.mediaType} content={content} resolver={resolver} />
          ))}
        </div>
      )}
      {operation.responses.length > 0 && (
        <div className="api-block">
          <h4>Responses</h4>
          {operation.responses.map((response) => (
            <ResponseView key={response.status} response={response} resolver={resolver} />
          ))}
        </div>
      )}
    </section>
  );
}

function ParameterTable({ parameters, resolver }: { parameters: Parameter[]; resolver: RefResolver }) {
  if (parameters.length === 0) return null;
  return (
    <div className="api-block">
      <h4>Parameters</h4>
      <div className="table-wrapper">
        <table className="api-params">
          <thead>
            <tr>
              <th>Name</th>
              <th>In</th>
              <th>Type</th>
              <th>Description</th>
            </tr>
          </thead>
          <tbody>
            {parameters.map((parameter) => (
              <tr key={`${parameter.in}:${parameter.name}`}>
                <td>
                  <code>{parameter.name}</code>
                  {parameter.required && <span className="schema-required">required</span>}
                  {parameter.deprecated && <span className="badge badge--deprecated">Deprecated</span>}
                </td>
                <td>{parameter.in}</td>
                <td>{parameter.schema === null ? '' : typeLabel(parameter.schema, resolver)}</td>
                <td>
                  <Description text={parameter.description} className="schema-description" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function MediaView({ content, resolver }: { content: MediaContent; resolver: RefResolver }) {
  return (
    <div className="api-media">
      <div className="api-media__type">{content.mediaType}</div>
      {content.schema !== null && <SchemaView schema={content.schema} resolver={resolver} />}
      {content.example !== undefined && (
        <Disclosure className="schema-details" summary="Example" defaultOpen={false}>
          <pre className="api-example">
            <code>{JSON.stringify(content.example, null, 2)}</code>
          </pre>
        </Disclosure>
      )}
    </div>
  );
}

function ResponseView({ response, resolver }: { response: ApiResponse; resolver: RefResolver }) {
  return (
    <Disclosure
      className={`api-response api-response--${statusClass(response.status)}`}
      defaultOpen={response.status.startsWith('2')}
      summary={
        <>
          <span className="api-response__status">{response.status}</span>
          <span className="api-response__description">{response.description}</span>
        </>
      }
    >
      <div className="api-response__body">
        {response.headers.length > 0 && (
          <ul className="schema-props">
            {response.headers.map((header) => (
              <li key={header.name} className="schema-prop">
                <div className="schema-prop__head">
                  <code className="schema-prop__name">{header.name}</code>
                  <span className="schema-type">
                    header{header.schema ? `, ${typeLabel(header.schema, resolver)}` : ''}
                  </span>
                </div>
                <Description text={header.description} className="schema-description" />
              </li>
            ))}
          </ul>
        )}
        {response.contents.map((content) => (
          <MediaView key={content.mediaType} content={content} resolver={resolver} />
        ))}
        {response.contents.length === 0 && response.headers.length === 0 && (
          <p className="schema-description">No body.</p>
        )}
      </div>
    </Disclosure>
  );
}
