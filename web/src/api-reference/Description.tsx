// Descriptions in OpenAPI documents are CommonMark. The api's are short prose with `code`, so this
// renders paragraphs and inline code only, rather than shipping a Markdown parser to the browser.

export function Description({ text, className = 'api-description' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <div className={className}>
      {text.split(/\n\s*\n/).map((paragraph, index) => (
        <p key={index}>
          {paragraph
            .split(/(`[^`]+`)/)
            .map((part, i) =>
              part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
                <code key={i}>{part.slice(1, -1)}</code>
              ) : (
                part
              ),
            )}
        </p>
      ))}
    </div>
  );
}
