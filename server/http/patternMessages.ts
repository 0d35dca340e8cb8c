// The 422 message of each declared text pattern (contract/resources/kinds.ts TextPattern), by the
// pattern itself: ajv's error names the pattern, not the field's declaration. The CRUD engine's kinds
// (server/crud/kinds.ts) register them; ./errors-plugin.ts reads them. One pattern, one message.
const patternMessages = new Map<string, string>();

/** The declared message of a pattern ("{field}" for the field's name in words), if any. */
export const patternMessage = (pattern: unknown): string | undefined =>
  typeof pattern === 'string' ? patternMessages.get(pattern) : undefined;

/** Registers a declared pattern's message; the same pattern with another message is a declaration error. */
export function declarePatternMessage(regex: string, message: string): void {
  const known = patternMessages.get(regex);
  if (known !== undefined && known !== message)
    throw new Error(
      `The pattern ${regex} is declared with two messages: "${known}" and "${message}". Give one pattern one message.`,
    );
  patternMessages.set(regex, message);
}
